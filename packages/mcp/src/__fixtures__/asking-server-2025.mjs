// A 2025-era MCP server (SDK 1.x) whose tools ask their caller, report progress and log: over stdio, or over
// Streamable HTTP when PORT is set. Its twin asking-server-2026.mjs does the same on SDK v2.
import { randomUUID } from "node:crypto";
import { appendFileSync } from "node:fs";
import { createServer } from "node:http";
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { StreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/streamableHttp.js";
import { z } from "zod";

// Each start leaves a line in STARTS_FILE, so a test can count the processes a client spawned.
if (process.env.STARTS_FILE) appendFileSync(process.env.STARTS_FILE, `${process.pid}\n`);

const text = (value) => ({ content: [{ type: "text", text: value }] });

function createMcpServer() {
  const server = new McpServer({ name: "asking-2025", version: "1.0.0" }, { capabilities: { logging: {} } });
  server.registerTool("era", { description: "The protocol revision of this request." }, async () => text("2025"));
  server.registerTool("crash", { description: "Exit in the middle of the call." }, () => process.exit(1));
  server.registerTool("echo", { inputSchema: { text: z.string() } }, async ({ text: value }) => text(`echo: ${value}`));
  server.registerTool("ask_city", { description: "Ask the caller for a city." }, async (extra) => {
    const answer = await server.server.elicitInput(
      { mode: "form", message: "Which city?", requestedSchema: { type: "object", properties: { city: { type: "string" } }, required: ["city"] } },
      { relatedRequestId: extra.requestId },
    );
    if (answer.action !== "accept") return { ...text(`no city: ${answer.action}`), isError: true };
    return text(`city: ${answer.content?.city}`);
  });
  server.registerTool("summarise", { description: "Ask the caller's model for a summary." }, async (extra) => {
    const answer = await server.server.createMessage(
      { messages: [{ role: "user", content: { type: "text", text: "Summarise the ledger." } }], maxTokens: 50 },
      { relatedRequestId: extra.requestId },
    );
    return text(`summary: ${answer.content.type === "text" ? answer.content.text : answer.content.type}`);
  });
  server.registerTool("slow", { description: "Tell the caller it started, then answer after ms.", inputSchema: { ms: z.number() } }, async ({ ms }, extra) => {
    const progressToken = extra._meta?.progressToken;
    if (progressToken !== undefined) await extra.sendNotification({ method: "notifications/progress", params: { progressToken, progress: 0, message: "started" } });
    await new Promise((resolve) => setTimeout(resolve, ms));
    return text(`slept ${ms}`);
  });
  server.registerTool("count", { description: "Count to n, reporting progress and logging each step.", inputSchema: { n: z.number() } }, async ({ n }, extra) => {
    const progressToken = extra._meta?.progressToken;
    for (let step = 1; step <= n; step++) {
      await new Promise((resolve) => setTimeout(resolve, 10));
      if (progressToken !== undefined) {
        await extra.sendNotification({ method: "notifications/progress", params: { progressToken, progress: step, total: n, message: `step ${step}` } });
      }
      await extra.sendNotification({ method: "notifications/message", params: { level: "info", data: `counted ${step}` } });
    }
    return text(`counted to ${n}`);
  });
  return server;
}

if (process.env.PORT) {
  const sessions = new Map();
  const http = createServer(async (request, response) => {
    const chunks = [];
    for await (const chunk of request) chunks.push(chunk);
    const body = chunks.length ? JSON.parse(Buffer.concat(chunks).toString("utf8")) : undefined;
    const sessionId = request.headers["mcp-session-id"];
    let transport = typeof sessionId === "string" ? sessions.get(sessionId) : undefined;
    if (!transport) {
      if (body?.method !== "initialize") return response.writeHead(400).end(JSON.stringify({ jsonrpc: "2.0", id: body?.id ?? null, error: { code: -32000, message: "Bad request: no session" } }));
      transport = new StreamableHTTPServerTransport({ sessionIdGenerator: randomUUID, onsessioninitialized: (id) => void sessions.set(id, transport) });
      await createMcpServer().connect(transport);
    }
    await transport.handleRequest(request, response, body);
  });
  http.listen(Number(process.env.PORT), "127.0.0.1", () => process.stderr.write(`asking-2025 listening on ${process.env.PORT}\n`));
} else {
  await createMcpServer().connect(new StdioServerTransport());
}
