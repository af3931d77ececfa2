import { describe, expect, it } from "vitest";
import { fromCallToolResult, isCallToolResult } from "./from-call-tool-result.js";

const DATA = Symbol.for("codemode.toolResult");

describe("isCallToolResult", () => {
  it("recognises MCP results and nothing else", () => {
    expect(isCallToolResult({ content: [{ type: "text", text: "hi" }], isError: false })).toBe(true);
    expect(isCallToolResult({ content: [], structuredContent: { a: 1 } })).toBe(true);
    expect(isCallToolResult({ content: [{ type: "text" }], total: 3 })).toBe(false);
    expect(isCallToolResult({ content: "text" })).toBe(false);
    expect(isCallToolResult([1, 2])).toBe(false);
  });
});

describe("fromCallToolResult", () => {
  it("prefers structured content and counts dropped blocks", () => {
    const result = fromCallToolResult({
      content: [{ type: "text", text: "{}" }, { type: "image" }],
      structuredContent: { sum: 3 },
    });
    expect(result).toMatchObject({ [DATA]: true, data: { sum: 3 }, meta: { omitted: 1 } });
  });

  it("parses a single JSON text block and keeps other text as it is", () => {
    expect(fromCallToolResult({ content: [{ type: "text", text: '{"a":1}' }] })).toMatchObject({ data: { a: 1 } });
    expect(fromCallToolResult({ content: [{ type: "text", text: "Hello" }] })).toMatchObject({ data: "Hello" });
  });

  it("throws a tool error with the text of an error result", () => {
    expect(() => fromCallToolResult({ content: [{ type: "text", text: "Down." }], isError: true })).toThrow(
      expect.objectContaining({ name: "CodeModeError", code: "TOOL_ERROR", message: "Down." })
    );
  });
});
