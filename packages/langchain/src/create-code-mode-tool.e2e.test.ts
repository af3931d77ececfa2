import { fileURLToPath } from "node:url";
import type { ExecutionResult } from "@codemode/core";
import type { ToolMessage } from "@langchain/core/messages";
import { MultiServerMCPClient } from "@langchain/mcp-adapters";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCodeModeTool, type CodeModeTool } from "./create-code-mode-tool.js";

const server = fileURLToPath(new URL("./__fixtures__/billing-mcp-server.mjs", import.meta.url));

describe("createCodeModeTool", () => {
  let client: MultiServerMCPClient;
  let execute: CodeModeTool;

  beforeAll(async () => {
    // A real MCP server over real stdio, started with this very Node binary so nothing downloads.
    client = new MultiServerMCPClient({
      mcpServers: { billing: { transport: "stdio", command: process.execPath, args: [server] } },
    });
    execute = createCodeModeTool({ tools: await client.getTools(), namespace: "billing", poolSize: 1 });
  });
  afterAll(async () => {
    await execute?.close();
    await client?.close();
  });

  async function run(code: string): Promise<ExecutionResult> {
    const message = await execute.invoke({ type: "tool_call", id: "call_1", name: "execute", args: { code } });
    return (message as ToolMessage).artifact as ExecutionResult;
  }

  it("lists the tools of an MCP server in its prompt", () => {
    for (const name of ["list_invoices", "customer_name", "invoice_chart", "void_invoice"]) {
      expect(execute.description).toContain(name);
    }
  });

  it("keeps the MCP tool's annotations in the catalog", () => {
    const described = execute.codeMode.catalog.describe({ tool: "billing.list_invoices" });
    expect(described.annotations).toMatchObject({ readOnlyHint: true });
  });

  it("gives scripts the structured content of MCP tools and their plain text", async () => {
    const result = await run(`const ids = ["cus_1", "cus_2"];
const rows = await Promise.all(ids.map(async (customerId) => {
  const [name, invoices] = await Promise.all([
    tools.billing.customer_name({ customerId }),
    tools.billing.list_invoices({ customerId }),
  ]);
  const unpaid = invoices.data.invoices.filter((invoice) => invoice.status === "unpaid");
  return { name: name.data, unpaid: unpaid.reduce((sum, invoice) => sum + invoice.amount, 0) };
}));
return rows;`);
    expect(result.error).toBeNull();
    expect(result.result).toEqual([
      { name: "Acme Corp", unpaid: 1200 },
      { name: "Globex", unpaid: 4500 },
    ]);
  });

  it("keeps the text of mixed content and counts the image it drops", async () => {
    const result = await run(`return await tools.billing.invoice_chart({});`);
    expect(result.result).toEqual({ ok: true, data: "3 invoices", meta: { omitted: 1 } });
  });

  it("turns an MCP error result into a tool_error envelope with the server's message", async () => {
    const result = await run(`return await tools.billing.void_invoice({ id: "inv_2" });`);
    expect(result.result).toMatchObject({ ok: false, error: { code: "tool_error" } });
    expect(JSON.stringify(result.result)).toContain("Invoice inv_2 is paid and cannot be voided.");
  });

  it("refuses arguments the server's schema rules out before the run, and rejects those the check cannot see", async () => {
    const checked = await run(`return await tools.billing.list_invoices({ customer: "cus_1" });`);
    expect(checked).toMatchObject({ error: { kind: "CheckFailed", line: 1 }, toolCalls: [] });
    const result = await run(`const args = JSON.parse('{"customer":"cus_1"}');\nreturn await tools.billing.list_invoices(args);`);
    expect(result.result).toMatchObject({ ok: false, error: { code: "invalid_arguments" } });
    expect(result.toolCalls).toMatchObject([{ tool: "billing.list_invoices", ok: false, errorCode: "invalid_arguments" }]);
  });
});
