import { describe, expect, it } from "vitest";
import { pageOf, paginate } from "./paginate.js";

describe("paginate", () => {
  const letters = ["a", "b", "c", "d", "e"];

  it("gives nextOffset only while more items follow", () => {
    expect(paginate(letters, 0, 2)).toEqual({ items: ["a", "b"], total: 5, limit: 2, offset: 0, hasMore: true, nextOffset: 2 });
    expect(paginate(letters, 4, 2)).toEqual({ items: ["e"], total: 5, limit: 2, offset: 4, hasMore: false });
    expect("nextOffset" in paginate(letters, 3, 2)).toBe(false);
  });

  it("answers an empty page past the end", () => {
    expect(paginate(letters, 50, 2)).toEqual({ items: [], total: 5, limit: 2, offset: 50, hasMore: false });
  });

  it("maps only the items of the page", () => {
    const seen: string[] = [];
    paginate(letters, 1, 2, (letter) => seen.push(letter));
    expect(seen).toEqual(["b", "c"]);
  });
});

describe("pageOf", () => {
  it("wraps items already cut with their total", () => {
    expect(pageOf(["x"], 3, 1, 1)).toEqual({ items: ["x"], total: 3, limit: 1, offset: 1, hasMore: true, nextOffset: 2 });
  });
});
