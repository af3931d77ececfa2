import { randomUUID } from "node:crypto";
import { createServer as createHttpServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import type { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { StreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/streamableHttp.js";
import { isInitializeRequest } from "@modelcontextprotocol/sdk/types.js";
import { authenticateBearer, type BearerPrincipal } from "./authenticate-bearer.js";

/** Where the gateway listens over HTTP. */
export interface ListenOptions {
  /** Default 127.0.0.1. */
  host?: string;
  /** Default 8787; 0 picks a free port. */
  port?: number;
}

/** A running HTTP listener. */
export interface HttpListener {
  /** `http://host:port/mcp` */
  readonly url: string;
  readonly port: number;
  close(): Promise<void>;
}

interface ListenHttpOptions extends ListenOptions {
  bearer: readonly BearerPrincipal[] | undefined;
  createServer: (options: { allow?: readonly string[] }) => Server;
  log: (message: string) => void;
}

interface Session {
  transport: StreamableHTTPServerTransport;
  server: Server;
  principal: BearerPrincipal | null;
}

const MAX_BODY_BYTES = 4 * 1024 * 1024;

/** Serves the gateway over Streamable HTTP at `/mcp`: one session a client, each bound to the token that opened it. */
export async function listenHttp(options: ListenHttpOptions): Promise<HttpListener> {
  const sessions = new Map<string, Session>();
  const http = createHttpServer((request, response) => {
    handle(request, response).catch((error) => {
      options.log(`HTTP request failed: ${(error as Error).message}`);
      if (!response.headersSent) sendJson(response, 500, rpcError(-32603, "Internal error."));
      else response.end();
    });
  });

  async function handle(request: IncomingMessage, response: ServerResponse) {
    if (new URL(request.url ?? "/", "http://localhost").pathname !== "/mcp") {
      return sendJson(response, 404, { error: "Not found: the MCP endpoint is /mcp." });
    }
    let principal: BearerPrincipal | null = null;
    if (options.bearer) {
      principal = authenticateBearer(request.headers.authorization, options.bearer);
      if (!principal) {
        response.setHeader("WWW-Authenticate", 'Bearer realm="codemode"');
        return sendJson(response, 401, rpcError(-32001, "Unauthorized: send a valid bearer token."));
      }
    }
    const body = request.method === "POST" ? await readJson(request) : undefined;
    if (body instanceof Error) return sendJson(response, 400, rpcError(-32700, body.message));
    const sessionId = request.headers["mcp-session-id"];
    if (typeof sessionId === "string") {
      const session = sessions.get(sessionId);
      // A session opened with one token is not reachable with another.
      if (!session || session.principal !== principal) return sendJson(response, 404, rpcError(-32001, "Session not found."));
      return session.transport.handleRequest(request, response, body);
    }
    if (request.method !== "POST" || !isInitializeRequest(body)) {
      return sendJson(response, 400, rpcError(-32000, "Bad request: no session; start with an initialize request."));
    }
    const server = options.createServer(principal?.allow ? { allow: principal.allow } : {});
    const transport: StreamableHTTPServerTransport = new StreamableHTTPServerTransport({
      sessionIdGenerator: randomUUID,
      onsessioninitialized: (id) => void sessions.set(id, { transport, server, principal }),
    });
    transport.onclose = () => {
      if (transport.sessionId) sessions.delete(transport.sessionId);
      void server.close().catch(() => undefined);
    };
    await server.connect(transport);
    await transport.handleRequest(request, response, body);
  }

  const host = options.host ?? "127.0.0.1";
  if (!options.bearer && !["127.0.0.1", "localhost", "::1"].includes(host)) {
    options.log(`warning: serving ${host} without auth.bearer tokens: anyone who can reach it can run scripts`);
  }
  await new Promise<void>((resolve, reject) => {
    http.once("error", reject);
    http.listen(options.port ?? 8787, host, () => resolve());
  });
  const address = http.address() as AddressInfo;
  const shown = address.family === "IPv6" ? `[${address.address}]` : address.address;
  return {
    url: `http://${shown}:${address.port}/mcp`,
    port: address.port,
    async close() {
      await Promise.all([...sessions.values()].map((session) => session.transport.close().catch(() => undefined)));
      sessions.clear();
      http.closeAllConnections();
      await new Promise<void>((resolve) => http.close(() => resolve()));
    },
  };
}

async function readJson(request: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_BODY_BYTES) return new Error(`Request body over ${MAX_BODY_BYTES} bytes.`);
    chunks.push(chunk);
  }
  try {
    return JSON.parse(Buffer.concat(chunks).toString("utf8"));
  } catch {
    return new Error("Parse error: the body is not JSON.");
  }
}

function rpcError(code: number, message: string) {
  return { jsonrpc: "2.0", error: { code, message }, id: null };
}

function sendJson(response: ServerResponse, status: number, body: unknown) {
  response.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body));
}
