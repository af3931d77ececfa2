import { ToolMessage } from "@langchain/core/messages";
import { describe, expect, it } from "vitest";
import { fromToolOutput, mcpErrorText } from "./from-tool-output.js";

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
    expect(fromToolOutput(block, { contentBlocks: true })).toMatchObject({ data: { invoices: [] }, meta: { omitted: 0 } });
    const wrapped = { type: "text", text: "7", structuredContent: { result: 7 } };
    expect(fromToolOutput(wrapped, { contentBlocks: true })).toMatchObject({ data: 7 });
  });

  it("reads the structured content from a ToolMessage's artifact", () => {
    const message = new ToolMessage({
      content: [{ type: "text", text: "a" }, { type: "text", text: "b" }],
      artifact: [{ type: "mcp_structured_content", data: { total: 2 } }],
      tool_call_id: "call_1",
    });
    expect(fromToolOutput(message, { contentBlocks: true })).toMatchObject({ data: { total: 2 } });
  });

  it("joins text blocks by newlines and counts the blocks it drops", () => {
    const blocks = [
      { type: "text", text: "3 invoices" },
      { type: "image_url", image_url: { url: "data:image/png;base64,AAAA" } },
    ];
    expect(fromToolOutput(blocks, { contentBlocks: true })).toMatchObject({ data: "3 invoices", meta: { omitted: 1 } });
    const texts = [{ type: "text", text: "a" }, { type: "text", text: "[1]" }];
    expect(fromToolOutput(texts, { contentBlocks: true })).toMatchObject({ data: "a\n[1]" });
  });
});

describe("mcpErrorText", () => {
  it("reads the tool's text out of the MCP adapter's ToolException, and nothing else", () => {
    const thrown = Object.assign(new Error("MCP tool 'void' on server 'billing' returned an error: Locked.\nTry later."), {
      name: "ToolException",
    });
    expect(mcpErrorText(thrown)).toBe("Locked.\nTry later.");
    expect(mcpErrorText(new Error("MCP tool 'void' on server 'billing' returned an error: x"))).toBeUndefined();
    expect(mcpErrorText(Object.assign(new Error("Connection closed"), { name: "ToolException" }))).toBeUndefined();
  });
});
