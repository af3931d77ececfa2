import { createCodeModeExecutor } from "@codemode/cloudflare";
import { codeMcpServer } from "@cloudflare/codemode/mcp";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { z } from "zod";

const tickets = [
  { id: "T-1", customer: "Acme", priority: "high", open: true },
  { id: "T-2", customer: "Acme", priority: "low", open: true },
  { id: "T-3", customer: "Globex", priority: "high", open: false },
  { id: "T-4", customer: "Initech", priority: "high", open: true },
];

/** A support desk's MCP server, as it exists before code mode: two tools. */
function createSupportServer(): McpServer {
  const server = new McpServer({ name: "support", version: "1.0.0" });
  server.registerTool("list_tickets", { description: "List open or closed tickets.", inputSchema: { open: z.boolean() } }, async ({ open }) => ({
    content: [{ type: "text", text: JSON.stringify(tickets.filter((ticket) => ticket.open === open)) }],
  }));
  server.registerTool("get_customer", { description: "A customer's plan.", inputSchema: { name: z.string() } }, async ({ name }) => ({
    content: [{ type: "text", text: JSON.stringify({ name, plan: name === "Acme" ? "enterprise" : "starter" }) }],
  }));
  return server;
}

/** The script a model writes against Cloudflare's `code` tool: an async arrow function over `codemode.*`. */
export const SCRIPT = `async () => {
  const open = await codemode.list_tickets({ open: true });
  const urgent = open.filter((ticket) => ticket.priority === "high");
  const plans = await Promise.all(urgent.map((ticket) => codemode.get_customer({ name: ticket.customer })));
  return urgent.map((ticket, i) => ticket.id + " (" + plans[i].plan + ")");
}`;

/**
 * Cloudflare's `codeMcpServer` wraps the support server into one `code` tool whose scripts run on this engine (the
 * executor), here on Node where Cloudflare's own executors (a Worker Loader, a browser iframe) do not exist. An MCP
 * client, as an agent would be, calls `code` with the script and gets only the answer back.
 */
export async function askSupportDesk(code: string = SCRIPT): Promise<string> {
  const executor = createCodeModeExecutor({ limits: { timeoutMs: 10_000 } });
  const server = await codeMcpServer({ server: createSupportServer(), executor });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  const client = new Client({ name: "agent", version: "1.0.0" });
  await client.connect(clientSide);
  try {
    const result = await client.callTool({ name: "code", arguments: { code } });
    return (result.content as { type: string; text: string }[]).map((block) => block.text).join("\n");
  } finally {
    await client.close();
    await executor.close();
  }
}
