import { fileURLToPath } from "node:url";
import { createMCPClient, type MCPClient } from "@ai-sdk/mcp";
import { Experimental_StdioMCPTransport } from "@ai-sdk/mcp/mcp-stdio";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { callOptions } from "./__fixtures__/ai-major.js";
import { createCodeModeTool, type CodeModeTool } from "./create-code-mode-tool.js";
import type { ToolCallOptions } from "./from-ai-sdk-tools.js";

const SERVER = fileURLToPath(new URL("./__fixtures__/mcp-server.mjs", import.meta.url));

describe("createCodeModeTool with the tools of an @ai-sdk/mcp client", () => {
  let client: MCPClient;
  let execute: CodeModeTool;

  beforeAll(async () => {
    client = await createMCPClient({
      transport: new Experimental_StdioMCPTransport({ command: process.execPath, args: [SERVER] }),
    });
    execute = createCodeModeTool({ tools: await client.tools(), namespace: "fixture" });
  });
  afterAll(async () => {
    await execute?.close();
    await client?.close();
  });

  const run = (code: string) => execute.execute!({ code }, callOptions() as ToolCallOptions) as Promise<never>;

  it("calls MCP tools over stdio from one script and unwraps their results", async () => {
    const result = await run(`const [sum, greeting] = await Promise.all([
  tools.fixture.add({ a: 2, b: 40 }),
  tools.fixture.greet({ name: "Ada" }),
]);
return { sum: sum.data, greeting: greeting.data, omitted: greeting.meta.omitted };`);
    expect(result, JSON.stringify(result)).toMatchObject({
      status: "completed",
      result: { sum: { sum: 42 }, greeting: "Hello, Ada!", omitted: 1 },
    });
  });

  it("turns an MCP error result into a tool_error envelope", async () => {
    const result = await run(`return await tools.fixture.explode({});`);
    expect(result, JSON.stringify(result)).toMatchObject({ result: { ok: false, error: { code: "tool_error" } } });
    expect(JSON.stringify(result)).toContain("The reactor is offline.");
  });

  it("checks arguments against the server's JSON Schema before the run, and validates those the check cannot see", async () => {
    const checked = await run(`return await tools.fixture.add({ a: "two", b: 1 });`);
    expect(checked, JSON.stringify(checked)).toMatchObject({ error: { kind: "CheckFailed" }, diagnostics: [{ code: "wrong_type", line: 1 }] });
    const result = await run(`const a = JSON.parse('"two"');\nreturn await tools.fixture.add({ a, b: 1 });`);
    expect(result, JSON.stringify(result)).toMatchObject({
      result: { ok: false, error: { code: "invalid_arguments" } },
    });
  });

  it("lists the server's tools in its description, with their annotations in the catalog", () => {
    expect(execute.description).toMatch(/add\(/);
    expect(execute.description).toMatch(/greet\(/);
    expect(execute.codeMode.catalog.describe({ tool: "fixture.add" }).annotations).toMatchObject({
      readOnlyHint: true,
    });
  });
});
