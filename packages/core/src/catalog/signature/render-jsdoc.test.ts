import { describe, expect, it } from "vitest";
import { renderComment, renderJsDoc, renderKey } from "./render-jsdoc.js";

describe("renderKey", () => {
  it("leaves identifiers bare and quotes everything else", () => {
    expect(["id", "_x", "$ref2", "x-trace", "2fa", "a b", ""].map(renderKey)).toEqual([
      "id",
      "_x",
      "$ref2",
      '"x-trace"',
      '"2fa"',
      '"a b"',
      '""',
    ]);
  });
});

describe("renderComment", () => {
  it("writes one line for one line, a block for more, and nothing for none", () => {
    expect(renderComment(["Hello."], "  ")).toBe("  /** Hello. */\n");
    expect(renderComment(["One.", "", "Two."], "")).toBe("/**\n * One.\n *\n * Two.\n */\n");
    expect(renderComment([], "")).toBe("");
  });

  it("cannot be closed early by a description", () => {
    expect(renderComment(["evil */ code"], "")).toBe("/** evil *\\/ code */\n");
  });
});

describe("renderJsDoc", () => {
  it("keeps multi-line descriptions and ignores schemas without any", () => {
    expect(renderJsDoc({ description: "First.\nSecond." }, "")).toBe("/**\n * First.\n * Second.\n */\n");
    expect(renderJsDoc({ type: "string" }, "")).toBe("");
    expect(renderJsDoc(null, "")).toBe("");
  });
});
