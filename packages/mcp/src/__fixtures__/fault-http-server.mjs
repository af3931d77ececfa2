// A Streamable HTTP MCP server that misbehaves on request, for the gateway's HTTP fault tests: one session per
// client, so a restart loses every session, as a real server's would.
import { randomUUID } from "node:crypto";
import { createServer } from "node:http";
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/streamableHttp.js";
import { z } from "zod";

const sessions = new Map();
// Tools added at run time outlive the session that added them, but not the process.
const added = [];
const text = (value) => ({ content: [{ type: "text", text: value }] });
const sleep = (ms, signal) => new Promise((resolve) => {
  const timer = setTimeout(resolve, ms);
  signal.addEventListener("abort", () => clearTimeout(timer));
});

function createMcpServer() {
  const server = new McpServer({ name: "fault-http", version: "1.0.0" }, { capabilities: { tools: { listChanged: true } } });
  server.registerTool("echo", { inputSchema: { text: z.string() } }, async ({ text: value }) => text(`echo: ${value}`));
  server.registerTool("huge", { inputSchema: { mb: z.number() } }, async ({ mb }) => text("x".repeat(Math.round(mb * 1024 * 1024))));
  server.registerTool("hang", {}, () => new Promise(() => undefined));
  server.registerTool("slow", { inputSchema: { ms: z.number() } }, async ({ ms }, extra) => {
    await sleep(ms, extra.signal);
    return text(`slept ${ms}`);
  });
  server.registerTool("fail", {}, async () => ({ ...text("The invoice store is read-only today."), isError: true }));
  // Answered below, at the HTTP level, before any MCP handling.
  server.registerTool("malformed", { description: "Answer with a result that is not a CallToolResult." }, async () => text("unreachable"));
  server.registerTool("deep", { inputSchema: { depth: z.number() } }, async () => text("unreachable"));
  server.registerTool("crash", { description: "Exit the process in the middle of the call." }, async () => text("unreachable"));
  server.registerTool("disconnect", { description: "Drop the connection in the middle of the call." }, async () => text("unreachable"));
  server.registerTool("where", { description: "Fail with an error page that quotes the URL and credentials it was called with." }, async () => text("unreachable"));
  server.registerTool("add_tool", { inputSchema: { name: z.string() } }, async ({ name }) => {
    added.push(name);
    // Every open session hears of it, the way a server with shared state would tell each client.
    for (const session of sessions.values()) addTool(session.server, name);
    return text("added");
  });
  for (const name of added) addTool(server, name);
  return server;
}

function deepResult(depth) {
  return `{"content":[{"type":"text","text":"deep"}],"structuredContent":{"deep":${"[".repeat(depth)}${"]".repeat(depth)}}}`;
}

function answerByHand(response, id, resultJson) {
  const message = `{"jsonrpc":"2.0","id":${JSON.stringify(id)},"result":${resultJson}}`;
  if (process.env.JSON_RESPONSE === "1") return response.writeHead(200, { "content-type": "application/json" }).end(message);
  response.writeHead(200, { "content-type": "text/event-stream" }).end(`event: message\ndata: ${message}\n\n`);
}

function addTool(server, name) {
  server.registerTool(name, { description: `Added at run time: ${name}.` }, async () => ({
    ...text(`called ${name}`),
    structuredContent: { result: name },
  }));
}

async function readBody(request) {
  const chunks = [];
  for await (const chunk of request) chunks.push(chunk);
  return chunks.length ? JSON.parse(Buffer.concat(chunks).toString("utf8")) : undefined;
}

const http = createServer(async (request, response) => {
  const body = request.method === "POST" ? await readBody(request) : undefined;
  const called = body?.method === "tools/call" ? body.params?.name : undefined;
  if (called === "crash") return setTimeout(() => process.exit(1), 20);
  // Written by hand: the SDK would refuse to send a malformed result, and JSON.stringify cannot write a deep one.
  if (called === "malformed" || called === "deep") return answerByHand(response, body.id, called === "deep" ? deepResult(body.params.arguments.depth) : '{"content":"this should be an array"}');
  if (called === "where") {
    // A careless server's error page: it quotes the request, query string and credentials included.
    const message = `Internal error at http://${request.headers.host}${request.url} (authorization: ${request.headers.authorization ?? "none"})`;
    return response.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ jsonrpc: "2.0", id: body.id, error: { code: -32603, message } }));
  }
  if (called === "disconnect") {
    response.writeHead(200, { "content-type": "text/event-stream" }).flushHeaders();
    return setTimeout(() => request.socket.destroy(), 20);
  }
  const sessionId = request.headers["mcp-session-id"];
  let session = typeof sessionId === "string" ? sessions.get(sessionId) : undefined;
  if (sessionId !== undefined && !session) {
    return response.writeHead(404, { "content-type": "application/json" }).end(JSON.stringify({ jsonrpc: "2.0", error: { code: -32001, message: "Session not found" }, id: null }));
  }
  if (!session) {
    const server = createMcpServer();
    const transport = new StreamableHTTPServerTransport({
      sessionIdGenerator: randomUUID,
      enableJsonResponse: process.env.JSON_RESPONSE === "1",
      onsessioninitialized: (id) => void sessions.set(id, session),
    });
    transport.onclose = () => transport.sessionId && sessions.delete(transport.sessionId);
    session = { server, transport };
    await server.connect(transport);
  }
  await session.transport.handleRequest(request, response, body);
});
http.listen(Number(process.env.PORT), "127.0.0.1", () => process.stderr.write(`fault-http listening on ${process.env.PORT}\n`));
