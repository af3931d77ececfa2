import type { CallToolResult, Tool } from "@modelcontextprotocol/client";
import { describe, expect, it } from "vitest";
import { fromMcpTools } from "./from-mcp-tools.js";

const schema = { type: "object" as const, properties: {} };
const context = (extra: unknown = undefined) => ({ signal: new AbortController().signal, callId: "c1", context: extra });

describe("fromMcpTools", () => {
  it("names tools <serverId>.<tool> and keeps schemas and annotations", () => {
    const tools: Tool[] = [
      { name: "list_invoices", description: "List invoices.", inputSchema: schema, annotations: { readOnlyHint: true } },
    ];
    const [tool] = fromMcpTools("billing", tools, async () => ({ content: [] }));
    expect(tool).toMatchObject({ name: "billing.list_invoices", description: "List invoices.", inputSchema: schema, annotations: { readOnlyHint: true } });
  });

  it("sanitises names that are not valid segments, keeps them unique, and calls upstream by the original name", async () => {
    const called: string[] = [];
    const tools: Tool[] = [
      { name: "get.file/v2", inputSchema: schema },
      { name: "get_file_v2", inputSchema: schema },
      { name: "constructor", inputSchema: schema },
    ];
    const definitions = fromMcpTools("fs", tools, async (name) => {
      called.push(name);
      return { content: [{ type: "text", text: name }] };
    });
    expect(definitions.map((tool) => tool.name)).toEqual(["fs.get_file_v2", "fs.get_file_v2_2", "fs.constructor_"]);
    await definitions[0]?.execute({}, context());
    expect(called).toEqual(["get.file/v2"]);
  });

  it("describes the unwrapped result when the outputSchema wraps it in { result }", () => {
    const outputSchema = { type: "object" as const, properties: { result: { type: "array", items: { type: "string" } } }, required: ["result"] };
    const [tool] = fromMcpTools("s", [{ name: "t", inputSchema: schema, outputSchema }], async () => ({ content: [] }));
    expect(tool?.outputSchema).toEqual({ type: "array", items: { type: "string" } });
  });

  it("returns normalised data with the omitted count", async () => {
    const result: CallToolResult = { content: [{ type: "image", data: "AA==", mimeType: "image/png" }, { type: "text", text: '{"n":1}' }] };
    const [tool] = fromMcpTools("s", [{ name: "t", inputSchema: schema }], async () => result);
    const output = await tool?.execute({}, context());
    expect(output).toMatchObject({ data: { n: 1 }, meta: { omitted: 1 } });
  });

  it("throws a TOOL_ERROR CodeModeError with the upstream's message for isError", async () => {
    const [tool] = fromMcpTools("s", [{ name: "t", inputSchema: schema }], async () => ({
      isError: true,
      content: [{ type: "text", text: "Quota exceeded" }],
    }));
    await expect(tool?.execute({}, context())).rejects.toMatchObject({ name: "CodeModeError", code: "TOOL_ERROR", message: "Quota exceeded" });
  });
});
