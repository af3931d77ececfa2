// One upstream of the load benchmark's gateway, over stdio: the shop tools of one server ("orders" or "pricing"),
// each answering after SHOP_DELAY_MS (a database or an API is never instant).
import { Server } from "@modelcontextprotocol/server";
import { serveStdio } from "@modelcontextprotocol/server/stdio";
import { SHOP_TOOLS } from "./shop-tools.js";

const serverName = process.env.SHOP_SERVER ?? "orders";
const delayMs = Number(process.env.SHOP_DELAY_MS ?? 0);
const tools = SHOP_TOOLS.filter((tool) => tool.server === serverName);

function createShopServer(): Server {
  const server = new Server({ name: `shop-${serverName}`, version: "1.0.0" }, { capabilities: { tools: {} } });
  // Raw JSON Schemas, as most real servers publish them.
  server.setRequestHandler("tools/list", () => ({
    tools: tools.map(({ name, description, inputSchema }) => ({ name, description, inputSchema: inputSchema as { type: "object" } })),
  }));
  server.setRequestHandler("tools/call", async (request) => {
    const tool = tools.find((candidate) => candidate.name === request.params.name);
    if (!tool) return { content: [{ type: "text", text: `Unknown tool ${request.params.name}` }], isError: true };
    if (delayMs > 0) await new Promise((resolve) => setTimeout(resolve, delayMs));
    const data = tool.answer((request.params.arguments ?? {}) as Record<string, string>);
    return { content: [{ type: "text", text: JSON.stringify(data) }], structuredContent: data as Record<string, unknown> };
  });
  return server;
}

// Both eras from one definition: the gateway's upstream client may open with initialize or with 2026-07-28 requests.
serveStdio(createShopServer);
