// A Bun server that runs model-written scripts: POST /execute with { "code": "..." } answers with the
// ExecutionResult. @codemode/core runs on Bun as on Node.js: a pool of worker threads, each engine stoppable.
import { createCodeMode, defineTool } from "@codemode/core";

declare const Bun: {
  serve(options: { port: number; hostname: string; fetch(request: Request): Promise<Response> }): { url: URL };
};

const STOCK: Record<string, number> = { apples: 12, pears: 0, plums: 7 };

const codeMode = createCodeMode({
  tools: [
    defineTool({
      name: "store.stock",
      description: "How many of a fruit are in stock.",
      inputSchema: { type: "object", properties: { fruit: { type: "string" } }, required: ["fruit"] },
      execute: async ({ fruit }: { fruit: string }) => STOCK[fruit] ?? 0,
    }),
  ],
  limits: { timeoutMs: 1000 },
});

const server = Bun.serve({
  port: Number(process.env.PORT ?? 3000),
  hostname: "127.0.0.1",
  async fetch(request) {
    const url = new URL(request.url);
    if (request.method !== "POST" || url.pathname !== "/execute") return Response.json({ error: "POST /execute with { code }" }, { status: 404 });
    const { code } = (await request.json()) as { code: string };
    return Response.json(await codeMode.execute(code));
  },
});
console.log(`listening on ${server.url.href}`);
