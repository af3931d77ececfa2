// A legacy HTTP+SSE MCP server (the 2024-11-05 transport) built with SDK 1.32's own SSEServerTransport, for the
// gateway's SSE tests: GET SSE_PATH opens the event stream, whose first event names the endpoint to POST messages
// to; a POST to SSE_PATH itself is refused with 405, as such servers refuse a Streamable HTTP client.
import { createServer } from "node:http";
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { SSEServerTransport } from "@modelcontextprotocol/sdk/server/sse.js";
import { z } from "zod";

const SSE_PATH = process.env.SSE_PATH ?? "/sse";
// A 2x2 PNG, so a test can compare the bytes a script saved with these.
const IMAGE = "iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGP4z8DAwMDAxMDAwMDAAAANHQEDasKb6QAAAABJRU5ErkJggg==";
const transports = new Map();
// Each session's event stream, for the answers written by hand below.
const streams = new Map();
const text = (value) => ({ content: [{ type: "text", text: value }] });
const sleep = (ms, signal) => new Promise((resolve) => {
  const timer = setTimeout(resolve, ms);
  signal.addEventListener("abort", () => clearTimeout(timer));
});

function createMcpServer() {
  const server = new McpServer({ name: "legacy-sse", version: "1.0.0" });
  server.registerTool("echo", { inputSchema: { text: z.string() } }, async ({ text: value }) => text(`echo: ${value}`));
  server.registerTool("huge", { inputSchema: { mb: z.number() } }, async ({ mb }) => text("x".repeat(Math.round(mb * 1024 * 1024))));
  server.registerTool("hang", {}, () => new Promise(() => undefined));
  server.registerTool("slow", { inputSchema: { ms: z.number() } }, async ({ ms }, extra) => {
    await sleep(ms, extra.signal);
    return text(`slept ${ms}`);
  });
  // Answered by hand below: the SDK would refuse to send a malformed result, and JSON.stringify cannot write a deep one.
  server.registerTool("malformed", {}, async () => text("unreachable"));
  server.registerTool("deep", { inputSchema: { depth: z.number() } }, async () => text("unreachable"));
  server.registerTool("fail", {}, async () => ({ ...text("The invoice store is read-only today."), isError: true }));
  server.registerTool("crash", { description: "Exit the process in the middle of the call." }, async () => {
    setTimeout(() => process.exit(1), 20);
    return new Promise(() => undefined);
  });
  server.registerTool("image", { description: "A small PNG." }, async () => ({
    content: [{ type: "text", text: "a 2x2 image" }, { type: "image", data: IMAGE, mimeType: "image/png" }],
  }));
  server.registerTool("whoami", { description: "The Authorization header the stream was opened with." }, async (extra) =>
    text(String(extra.requestInfo?.headers?.authorization ?? "none")),
  );
  return server;
}

async function readBody(request) {
  const chunks = [];
  for await (const chunk of request) chunks.push(chunk);
  return chunks.length ? JSON.parse(Buffer.concat(chunks).toString("utf8")) : undefined;
}

const http = createServer(async (request, response) => {
  const url = new URL(request.url ?? "/", "http://localhost");
  if (url.pathname === SSE_PATH && request.method === "GET") {
    const transport = new SSEServerTransport("/messages", response);
    transports.set(transport.sessionId, transport);
    streams.set(transport.sessionId, response);
    response.on("close", () => {
      transports.delete(transport.sessionId);
      streams.delete(transport.sessionId);
    });
    await createMcpServer().connect(transport);
    return;
  }
  if (url.pathname === "/messages" && request.method === "POST") {
    const transport = transports.get(url.searchParams.get("sessionId") ?? "");
    if (!transport) return response.writeHead(404).end("Unknown session");
    const body = await readBody(request);
    const called = body?.method === "tools/call" ? body.params?.name : undefined;
    if (called === "malformed" || called === "deep") {
      const nested = called === "deep" ? "[".repeat(body.params.arguments.depth) + "]".repeat(body.params.arguments.depth) : "";
      const result = called === "deep" ? `{"content":[{"type":"text","text":"deep"}],"structuredContent":{"deep":${nested}}}` : '{"content":"this should be an array"}';
      streams.get(url.searchParams.get("sessionId")).write(`event: message\ndata: {"jsonrpc":"2.0","id":${JSON.stringify(body.id)},"result":${result}}\n\n`);
      return response.writeHead(202).end("Accepted");
    }
    await transport.handlePostMessage(request, response, body);
    return;
  }
  if (url.pathname === SSE_PATH) return response.writeHead(405, { allow: "GET" }).end("Method Not Allowed");
  response.writeHead(404).end("Not Found");
});
http.listen(Number(process.env.PORT), "127.0.0.1", () => process.stderr.write(`legacy-sse listening on ${process.env.PORT}\n`));
