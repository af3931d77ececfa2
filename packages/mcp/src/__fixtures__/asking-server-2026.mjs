// A 2026-07-28 MCP server (SDK v2) whose tools ask their caller, report progress and log: over stdio, or over
// Streamable HTTP when PORT is set. Its twin asking-server-2025.mjs does the same on SDK 1.x.
import { appendFileSync } from "node:fs";
import { createServer } from "node:http";
import { toNodeHandler } from "@modelcontextprotocol/node";
import { acceptedContent, createMcpHandler, inputRequired, inputResponse, McpServer } from "@modelcontextprotocol/server";
import { serveStdio } from "@modelcontextprotocol/server/stdio";
import { z } from "zod";

// Each start leaves a line in STARTS_FILE, so a test can count the processes a client spawned.
if (process.env.STARTS_FILE) appendFileSync(process.env.STARTS_FILE, `${process.pid}\n`);

const text = (value) => ({ content: [{ type: "text", text: value }] });
const citySchema = { type: "object", properties: { city: { type: "string" } }, required: ["city"] };

function createMcpServer() {
  const server = new McpServer({ name: "asking-2026", version: "1.0.0" }, { capabilities: { logging: {} } });
  server.registerTool("era", { description: "The protocol revision of this request." }, async (ctx) =>
    text(ctx.mcpReq.envelope?.["io.modelcontextprotocol/protocolVersion"] ?? "2025"),
  );
  server.registerTool("crash", { description: "Exit in the middle of the call." }, () => process.exit(1));
  server.registerTool("add_tool", { description: "Add a tool; clients listening hear of it.", inputSchema: z.object({ name: z.string() }) }, async ({ name }) => {
    server.registerTool(name, { description: `Added at run time: ${name}.` }, async () => text(`called ${name}`));
    return text("added");
  });
  server.registerTool("echo", { inputSchema: z.object({ text: z.string() }) }, async ({ text: value }) => text(`echo: ${value}`));
  server.registerTool("ask_city", { description: "Ask the caller for a city." }, async (ctx) => {
    const view = inputResponse(ctx.mcpReq.inputResponses, "city");
    if (view.kind === "elicit" && view.action !== "accept") return { ...text(`no city: ${view.action}`), isError: true };
    const answer = acceptedContent(ctx.mcpReq.inputResponses, "city", z.object({ city: z.string() }));
    if (answer) return text(`city: ${answer.city}`);
    return inputRequired({ inputRequests: { city: inputRequired.elicit({ message: "Which city?", requestedSchema: citySchema }) } });
  });
  server.registerTool("count", { description: "Count to n, reporting progress and logging each step.", inputSchema: z.object({ n: z.number() }) }, async ({ n }, ctx) => {
    const progressToken = ctx.mcpReq._meta?.progressToken;
    for (let step = 1; step <= n; step++) {
      await new Promise((resolve) => setTimeout(resolve, 10));
      if (progressToken !== undefined) {
        await ctx.mcpReq.notify({ method: "notifications/progress", params: { progressToken, progress: step, total: n, message: `step ${step}` } });
      }
      await ctx.mcpReq.log("info", `counted ${step}`).catch(() => undefined);
    }
    return text(`counted to ${n}`);
  });
  return server;
}

if (process.env.PORT) {
  const handler = createMcpHandler(() => createMcpServer());
  const serve = toNodeHandler(handler);
  const http = createServer((request, response) => void serve(request, response));
  http.listen(Number(process.env.PORT), "127.0.0.1", () => process.stderr.write(`asking-2026 listening on ${process.env.PORT}\n`));
} else {
  serveStdio(() => createMcpServer());
}
