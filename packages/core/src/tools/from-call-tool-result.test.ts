import { afterAll, describe, expect, it } from "vitest";
import { createCodeMode } from "../index.js";
import { MCP_RESULT_CASES } from "../testing/index.js";
import { fromCallToolResult, isCallToolResult } from "./from-call-tool-result.js";

describe("fromCallToolResult", () => {
  it("prefers structuredContent over content blocks", () => {
    const result = { content: [{ type: "text", text: "ignored" }], structuredContent: { total: 3 } };
    expect(fromCallToolResult(result)).toMatchObject({ data: { total: 3 }, meta: { omitted: 0 } });
  });

  it("unwraps a structuredContent object whose only key is result", () => {
    expect(fromCallToolResult({ structuredContent: { result: [1, 2] } }).data).toEqual([1, 2]);
    expect(fromCallToolResult({ structuredContent: { result: 1, more: 2 } }).data).toEqual({ result: 1, more: 2 });
  });

  it("joins text blocks with newlines and parses only a JSON object or array", () => {
    const text = (value: string) => ({ type: "text", text: value });
    expect(fromCallToolResult({ content: [text("one"), text("two")] }).data).toBe("one\ntwo");
    expect(fromCallToolResult({ content: [text('{"id":"c-1"}')] }).data).toEqual({ id: "c-1" });
    expect(fromCallToolResult({ content: [text("[1,"), text("2]")] }).data).toEqual([1, 2]);
    expect(fromCallToolResult({ content: [text("42")] }).data).toBe("42");
    expect(fromCallToolResult({ content: [text("true")] }).data).toBe("true");
    expect(fromCallToolResult({ content: [text("{broken")] }).data).toBe("{broken");
  });

  it("counts non-text blocks as omitted, and gives null when no text is left", () => {
    const result = { content: [{ type: "image" }, { type: "text", text: "caption" }, { type: "audio" }] };
    expect(fromCallToolResult(result)).toMatchObject({ data: "caption", meta: { omitted: 2 } });
    expect(fromCallToolResult({ content: [{ type: "resource" }] })).toMatchObject({ data: null, meta: { omitted: 1 } });
  });

  it("throws a tool_error with the text for isError, and a message of its own without text", () => {
    const failed = { isError: true, content: [{ type: "text", text: "No such invoice" }, { type: "text", text: "INV-9" }] };
    expect(() => fromCallToolResult(failed)).toThrow(expect.objectContaining({ code: "TOOL_ERROR", message: "No such invoice\nINV-9" }));
    expect(() => fromCallToolResult({ isError: true, content: [] })).toThrow(/without a message/);
  });

  it("decodes binary fields of structuredContent by the outputSchema before unwrapping", () => {
    const outputSchema = { type: "object", properties: { result: { type: "string", contentEncoding: "base64" } } };
    const result = { structuredContent: { result: Buffer.from("png").toString("base64") } };
    expect(fromCallToolResult(result, { outputSchema }).data).toEqual(new Uint8Array(Buffer.from("png")));
  });
});

describe("isCallToolResult", () => {
  it("recognises a CallToolResult and nothing that merely has content", () => {
    expect(isCallToolResult({ content: [{ type: "text", text: "a" }], isError: false, _meta: {} })).toBe(true);
    expect(isCallToolResult({ content: [{ type: "text" }], id: 1 })).toBe(false);
    expect(isCallToolResult({ content: ["text"] })).toBe(false);
    expect(isCallToolResult({ content: "text" })).toBe(false);
    expect(isCallToolResult(null)).toBe(false);
  });

  it("recognises a 2026-07-28 result, which says resultType complete, and not one that asks for input", () => {
    expect(isCallToolResult({ resultType: "complete", content: [{ type: "text", text: "a" }], _meta: {} })).toBe(true);
    expect(isCallToolResult({ resultType: "input_required", content: [], inputRequests: {} })).toBe(false);
    expect(isCallToolResult({ resultType: "input_required", content: [] })).toBe(false);
  });
});

describe("MCP_RESULT_CASES through a core tool", () => {
  const codeMode = createCodeMode({
    tools: MCP_RESULT_CASES.map((entry) => ({
      name: `cases.${entry.name}`,
      description: entry.description,
      execute: () => fromCallToolResult(entry.result),
    })),
    poolSize: 1,
  });
  afterAll(() => codeMode.close());

  for (const entry of MCP_RESULT_CASES) {
    it(`gives the script the expected envelope: ${entry.description}`, async () => {
      const run = await codeMode.execute(`return await tools.cases.${entry.name}({});`);
      expect(run.result).toEqual(entry.expected);
    });
  }
});
