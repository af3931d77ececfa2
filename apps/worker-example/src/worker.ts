// A Cloudflare Worker that runs model-written scripts: POST /execute with { "code": "..." } answers with the
// ExecutionResult. @codemode/core's `workerd` build runs the engine on the Worker's own thread (no threads there),
// ending a runaway script by its deadline counted in time and in work, its memory capped.
import { createCodeMode, defineTool } from "@codemode/core";

const ORDERS = [
  { id: "o-1", customer: "ada", total: 120 },
  { id: "o-2", customer: "grace", total: 80 },
  { id: "o-3", customer: "ada", total: 45 },
];

const tools = [
  defineTool({
    name: "shop.list_orders",
    description: "List orders, optionally of one customer.",
    inputSchema: { type: "object", properties: { customer: { type: "string" } } },
    execute: async ({ customer }: { customer?: string }) => ORDERS.filter((order) => !customer || order.customer === customer),
  }),
];
const limits = { timeoutMs: 1000, memoryBytes: 16 * 1024 * 1024 };
const codeMode = createCodeMode({ tools, limits });
// The script check runs TypeScript 7's native compiler, which a Worker cannot start: asked for anyway, a run goes on
// unchecked and says so in its diagnostics.
const askedToCheck = createCodeMode({ tools, limits, check: "refuse" });

export default {
  async fetch(request: Request): Promise<Response> {
    const url = new URL(request.url);
    // What a Node.js-only option gets here: a clear refusal naming the runtime.
    if (url.pathname === "/workspace") {
      try {
        createCodeMode({ workspace: { dir: "/tmp" } });
        return Response.json({ refused: false });
      } catch (error) {
        return Response.json({ refused: true, message: (error as Error).message });
      }
    }
    if (request.method !== "POST" || url.pathname !== "/execute") {
      return Response.json({ error: "POST /execute with { code }" }, { status: 404 });
    }
    const { code, check } = (await request.json()) as { code: string; check?: boolean };
    return Response.json(await (check ? askedToCheck : codeMode).execute(code));
  },
};
