// An upstream MCP server inside the test process, over real Streamable HTTP with one session per client, so that a
// test's tools can share its state and a client's cancellation reaches the running handler.
import { randomUUID } from "node:crypto";
import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { StreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/streamableHttp.js";
import {
  CallToolRequestSchema,
  isInitializeRequest,
  ListToolsRequestSchema,
  type CallToolResult,
  type Tool,
} from "@modelcontextprotocol/sdk/types.js";

/** What {@link serveMcpHttp} serves: the tools to list, and the answer to each call. */
export interface ServedTools {
  tools: Tool[];
  /** `toolsChanged` tells the calling client alone (on the call's own response stream) that the tool list changed. */
  call(name: string, args: Record<string, unknown>, signal: AbortSignal, toolsChanged: () => Promise<void>): Promise<CallToolResult>;
}

/** A running server; `url` is its MCP endpoint. */
export interface ServedMcp {
  url: string;
  close(): Promise<void>;
}

/** Serves the tools over Streamable HTTP on 127.0.0.1 and a free port. */
export async function serveMcpHttp(served: ServedTools): Promise<ServedMcp> {
  const transports = new Map<string, StreamableHTTPServerTransport>();
  const http = createServer(async (request, response) => {
    const body = request.method === "POST" ? await readJson(request) : undefined;
    const sessionId = request.headers["mcp-session-id"];
    let transport = typeof sessionId === "string" ? transports.get(sessionId) : undefined;
    if (!transport && isInitializeRequest(body)) {
      const created: StreamableHTTPServerTransport = new StreamableHTTPServerTransport({
        sessionIdGenerator: randomUUID,
        onsessioninitialized: (id): void => void transports.set(id, created),
      });
      await createMcpServer(served).connect(created);
      transport = created;
    }
    if (!transport) return void response.writeHead(404).end();
    await transport.handleRequest(request, response, body);
  });
  await new Promise<void>((resolve) => http.listen(0, "127.0.0.1", resolve));
  const { port } = http.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/mcp`,
    async close() {
      await Promise.all([...transports.values()].map((transport) => transport.close()));
      http.closeAllConnections();
      await new Promise((resolve) => http.close(resolve));
    },
  };
}

function createMcpServer(served: ServedTools): Server {
  const server = new Server({ name: "served", version: "1.0.0" }, { capabilities: { tools: {} } });
  server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: served.tools }));
  server.setRequestHandler(CallToolRequestSchema, ({ params }, extra) =>
    served.call(params.name, params.arguments ?? {}, extra.signal, () => extra.sendNotification({ method: "notifications/tools/list_changed" })),
  );
  return server;
}

async function readJson(request: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return chunks.length > 0 ? JSON.parse(Buffer.concat(chunks).toString("utf8")) : undefined;
}
