import { ToolMessage } from "@langchain/core/messages";
import { describe, expect, it } from "vitest";
import { fromToolOutput } from "./from-tool-output.js";

describe("fromToolOutput", () => {
  it("passes objects and plain text through unchanged", () => {
    expect(fromToolOutput({ total: 3 })).toEqual({ total: 3 });
    expect(fromToolOutput("Acme Corp")).toBe("Acme Corp");
    expect(fromToolOutput("42")).toBe("42");
  });

  it("parses text that holds a JSON object or array", () => {
    expect(fromToolOutput('{"total":3}')).toEqual({ total: 3 });
    expect(fromToolOutput(' [1, 2]')).toEqual([1, 2]);
    expect(fromToolOutput("{not json")).toBe("{not json");
  });

  it("reads the content of a ToolMessage a tool returned itself", () => {
    expect(fromToolOutput(new ToolMessage({ content: '{"a":1}', tool_call_id: "call_1" }))).toEqual({ a: 1 });
  });

  it("leaves block-shaped data of an ordinary tool alone", () => {
    const data = [{ type: "text", text: "a domain record, not model content" }];
    expect(fromToolOutput(data)).toEqual(data);
  });

  it("prefers structured content over text and unwraps a lone result key", () => {
    const block = { type: "text", text: "ignored", structuredContent: { invoices: [] } };
    expect(fromToolOutput(block, { contentBlocks: true })).toEqual({ invoices: [] });
    const wrapped = { type: "text", text: "7", structuredContent: { result: 7 } };
    expect(fromToolOutput(wrapped, { contentBlocks: true })).toBe(7);
  });

  it("turns text blocks into their text and counts the blocks it drops", () => {
    const blocks = [
      { type: "text", text: "3 invoices" },
      { type: "image_url", image_url: { url: "data:image/png;base64,AAAA" } },
    ];
    const output = fromToolOutput(blocks, { contentBlocks: true }) as { data: unknown; meta: unknown };
    expect(output.data).toBe("3 invoices");
    expect(output.meta).toEqual({ omitted: 1 });
    expect(fromToolOutput([{ type: "text", text: "a" }, { type: "text", text: "[1]" }], { contentBlocks: true })).toEqual([
      "a",
      [1],
    ]);
  });
});
