// A Cloudflare Worker whose code tool is Cloudflare's own (`createCodeTool` from `@cloudflare/codemode/ai`, `runCode`
// from its main entry, both of which import `cloudflare:workers`), its scripts run by @codemode/cloudflare's executor
// on the core's in-process engine, inside workerd. POST /code-tool or /run-code with { "code": "..." }.
import { createCodeModeExecutor } from "@codemode/cloudflare";
import { resolveProvider, runCode } from "@cloudflare/codemode";
import { aiTools, createCodeTool } from "@cloudflare/codemode/ai";
import { tool } from "ai";
import { z } from "zod";

const ORDERS = [
  { id: "o-1", customer: "Acme", total: 120 },
  { id: "o-2", customer: "Globex", total: 80 },
  { id: "o-3", customer: "Acme", total: 45 },
];

const tools = {
  list_orders: tool({
    description: "A customer's orders.",
    inputSchema: z.object({ customer: z.string() }),
    execute: async ({ customer }) => ORDERS.filter((order) => order.customer === customer),
  }),
  get_customer: tool({
    description: "A customer's plan.",
    inputSchema: z.object({ name: z.string() }),
    execute: async ({ name }) => ({ name, plan: name === "Acme" ? "enterprise" : "starter" }),
  }),
};

const executor = createCodeModeExecutor({ limits: { timeoutMs: 1000 } });
const codeTool = createCodeTool({ tools, executor });

export default {
  async fetch(request: Request): Promise<Response> {
    const { pathname } = new URL(request.url);
    if (request.method !== "POST" || (pathname !== "/code-tool" && pathname !== "/run-code")) {
      return Response.json({ error: "POST /code-tool or /run-code with { code }" }, { status: 404 });
    }
    const { code } = (await request.json()) as { code: string };
    try {
      // The AI SDK tool a model calls, or the main entry's runCode over the same tools: each runs the script once.
      const output =
        pathname === "/code-tool"
          ? await codeTool.execute!({ code }, { toolCallId: "call-1", messages: [] })
          : await runCode({ code, executor, providers: [resolveProvider(aiTools(tools))] });
      return Response.json({ output });
    } catch (error) {
      // Cloudflare's code tools throw a failed run as `Code execution failed: <the executor's error>`.
      return Response.json({ error: (error as Error).message });
    }
  },
};
