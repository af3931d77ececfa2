import { randomUUID } from "node:crypto";
import { createServer as createHttpServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import type { Server } from "@modelcontextprotocol/sdk/server/index.js";
import type { Server as StatelessServer } from "@modelcontextprotocol/server";
import { StreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/streamableHttp.js";
import { isInitializeRequest } from "@modelcontextprotocol/sdk/types.js";
import { setRequestPrincipal, type Operations } from "../operate/index.js";
import { authenticateBearer, type BearerPrincipal } from "./authenticate-bearer.js";
import { isStatelessRequest, serveStatelessHttp } from "./serve-stateless-http.js";
import { sessionOwnerOf } from "./session-owner.js";

/** Where the gateway listens over HTTP. */
export interface ListenOptions {
  /** Default 127.0.0.1. */
  host?: string;
  /** Default 8787; 0 picks a free port. */
  port?: number;
  /**
   * A client session with no request open for this long is closed, as if the client had ended it: many clients
   * leave without sending DELETE. Default 10 minutes.
   */
  idleSessionMs?: number;
  /** Past this many client sessions, the one idle the longest is closed to admit a new one. Default 1,000. */
  maxSessions?: number;
}

/** A running HTTP listener. */
export interface HttpListener {
  /** `http://host:port/mcp` */
  readonly url: string;
  readonly port: number;
  /** Stops accepting connections; requests on the open ones are still answered until `close`. */
  stopAccepting(): void;
  close(): Promise<void>;
}

/** The scope of one caller: its allowlist, and the identity that owns its code-mode sessions. */
type CallerScope = { allow?: readonly string[]; owner?: string };

interface ListenHttpOptions extends ListenOptions {
  bearer: readonly BearerPrincipal[] | undefined;
  /** The server of one 2025-era client session. */
  createServer: (options: CallerScope) => Server;
  /** The server that answers one 2026-07-28 request. */
  createStatelessServer: (options: CallerScope) => StatelessServer;
  /** Calls back whenever the tool list changes; returns how to stop. */
  watchTools: (onChange: () => void) => () => void;
  log: (message: string) => void;
  /**
   * Health, readiness and metrics routes, the request context of logs, spans and audit records, and the metrics
   * (`operations.countQuotaRefusal`) that quota checks count into.
   */
  operations?: Operations;
}

interface Session {
  transport: StreamableHTTPServerTransport;
  server: Server;
  principal: BearerPrincipal | null;
  /** Requests whose response is still open (an SSE stream counts while it lasts). */
  open: number;
  lastSeen: number;
}

const MAX_BODY_BYTES = 4 * 1024 * 1024;
const IDLE_SESSION_MS = 10 * 60_000;
const MAX_SESSIONS = 1_000;

/**
 * Serves the gateway over Streamable HTTP at `/mcp`, in both eras of MCP: a 2025-11-25 client gets a session bound
 * to the token that opened it, and a 2026-07-28 request is answered on its own, without a session.
 */
export async function listenHttp(options: ListenHttpOptions): Promise<HttpListener> {
  const sessions = new Map<string, Session>();
  const stateless = serveStatelessHttp({ createServer: options.createStatelessServer, log: options.log });
  const unwatchTools = options.watchTools(() => stateless.toolsChanged());
  const idleSessionMs = options.idleSessionMs ?? IDLE_SESSION_MS;
  const maxSessions = options.maxSessions ?? MAX_SESSIONS;
  const closeSession = (session: Session) => void session.transport.close().catch(() => undefined);
  const idleSince = (session: Session) => (session.open > 0 ? Infinity : session.lastSeen);
  const sweep = setInterval(() => {
    const cutoff = Date.now() - idleSessionMs;
    for (const session of sessions.values()) if (idleSince(session) < cutoff) closeSession(session);
  }, Math.max(10, Math.min(idleSessionMs / 2, 30_000)));
  sweep.unref();
  const track = (session: Session, response: ServerResponse) => {
    session.open++;
    response.once("close", () => {
      session.open--;
      session.lastSeen = Date.now();
    });
  };
  /** Makes room for one more session by closing the one idle the longest, if any is idle. */
  const admit = () => {
    if (sessions.size < maxSessions) return;
    const idlest = [...sessions.values()].reduce((a, b) => (idleSince(b) < idleSince(a) ? b : a));
    if (idleSince(idlest) !== Infinity) closeSession(idlest);
  };
  const http = createHttpServer((request, response) => {
    const serve = () => handle(request, response);
    (options.operations ? options.operations.serveNode(request, response, serve) : serve()).catch((error) => {
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
      setRequestPrincipal(principal.name);
    }
    const body = request.method === "POST" ? await readJson(request) : undefined;
    if (body instanceof Error) return sendJson(response, 400, rpcError(-32700, body.message));
    if (await isStatelessRequest(request, body)) return stateless.serve(request, response, body, principal);
    const sessionId = request.headers["mcp-session-id"];
    if (typeof sessionId === "string") {
      const session = sessions.get(sessionId);
      // A session opened with one token is not reachable with another.
      if (!session || session.principal !== principal) return sendJson(response, 404, rpcError(-32001, "Session not found."));
      track(session, response);
      return session.transport.handleRequest(request, response, body);
    }
    if (request.method !== "POST" || !isInitializeRequest(body)) {
      return sendJson(response, 400, rpcError(-32000, "Bad request: no session; start with an initialize request."));
    }
    // The token that opened the connection owns its code-mode sessions; another connection with it may resume them.
    admit();
    const owner = sessionOwnerOf(principal);
    const server = options.createServer(principal?.allow ? { allow: principal.allow, owner } : { owner });
    const transport: StreamableHTTPServerTransport = new StreamableHTTPServerTransport({
      sessionIdGenerator: randomUUID,
      onsessioninitialized: (id) => {
        const session: Session = { transport, server, principal, open: 0, lastSeen: Date.now() };
        sessions.set(id, session);
        track(session, response);
      },
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
    stopAccepting: () => void http.close(),
    async close() {
      clearInterval(sweep);
      unwatchTools();
      await stateless.close();
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
