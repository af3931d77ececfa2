import { describe, expect, it } from "vitest";
import { createMemoryContinuationStore } from "./memory-continuation-store.js";

describe("createMemoryContinuationStore", () => {
  it("keeps values until they expire", async () => {
    const store = createMemoryContinuationStore();
    await store.set("a", "one", 60_000);
    await store.set("b", "two", 1);
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(await store.get("a")).toBe("one");
    expect(await store.get("b")).toBeNull();
    expect(await store.get("c")).toBeNull();
  });

  it("grants a claim once, even to claims made at the same time", async () => {
    const store = createMemoryContinuationStore();
    const claims = await Promise.all([store.claim("k", 60_000), store.claim("k", 60_000), store.claim("k", 60_000)]);
    expect(claims.filter(Boolean)).toHaveLength(1);
    expect(await store.claim("other", 60_000)).toBe(true);
  });
});
