import { randomUUID } from "node:crypto";
import type { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { WebStandardStreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js";
import { isInitializeRequest } from "@modelcontextprotocol/sdk/types.js";
import { scopeKeyOf, type Principal } from "../auth/index.js";
import { jsonRpcError, whenBodyEnds } from "./http-responses.js";

/** Options of {@link serveSessionHttp}. */
export interface ServeSessionHttpOptions {
  /** The server of one client session, for its caller. */
  createServer: (principal: Principal) => Server;
  /** A session with no request open for this long is closed. */
  idleSessionMs: number;
  /** Past this many sessions, the one idle the longest is closed to admit a new one. */
  maxSessions: number;
}

/** The 2025-era side of the `/mcp` endpoint: sessions opened by `initialize`, each bound to its caller. */
export interface SessionHttp {
  /** Whether `sessionId` is an open session of this caller. */
  has(sessionId: string, principal: Principal): boolean;
  /** Answers one request of an authenticated caller. */
  serve(request: Request, body: unknown, principal: Principal): Promise<Response>;
  close(): Promise<void>;
}

interface Session {
  transport: WebStandardStreamableHTTPServerTransport;
  /** The caller that opened it; another caller gets the answer an unknown session gets. */
  scope: string;
  /** Requests whose response is still open (an SSE stream counts while it lasts). */
  open: number;
  lastSeen: number;
}

/**
 * Serves 2025-11-25 (and older) clients with SDK 1.x sessions over the web-standard transport. Session ids are
 * random UUIDs and never a credential: every request is authenticated first, and a session answers only the caller
 * that opened it. Many clients leave without DELETE, so idle sessions are closed.
 */
export function serveSessionHttp(options: ServeSessionHttpOptions): SessionHttp {
  const sessions = new Map<string, Session>();
  const closeSession = (session: Session) => void session.transport.close().catch(() => undefined);
  const idleSince = (session: Session) => (session.open > 0 ? Infinity : session.lastSeen);
  const sweep = setInterval(() => {
    const cutoff = Date.now() - options.idleSessionMs;
    for (const session of sessions.values()) if (idleSince(session) < cutoff) closeSession(session);
  }, Math.max(10, Math.min(options.idleSessionMs / 2, 30_000)));
  sweep.unref();

  const track = (session: Session, response: Response): Response => {
    session.open++;
    return whenBodyEnds(response, () => {
      session.open--;
      session.lastSeen = Date.now();
    });
  };
  /** Makes room for one more session by closing the one idle the longest, if any is idle. */
  const admit = () => {
    if (sessions.size < options.maxSessions) return;
    const idlest = [...sessions.values()].reduce((a, b) => (idleSince(b) < idleSince(a) ? b : a));
    if (idleSince(idlest) !== Infinity) closeSession(idlest);
  };
  const sessionOf = (sessionId: string, principal: Principal) => {
    const session = sessions.get(sessionId);
    return session?.scope === scopeKeyOf(principal) ? session : undefined;
  };

  async function serve(request: Request, body: unknown, principal: Principal): Promise<Response> {
    const sessionId = request.headers.get("mcp-session-id");
    if (sessionId !== null) {
      const session = sessionOf(sessionId, principal);
      if (!session) return jsonRpcError(404, -32001, "Session not found.");
      return track(session, await session.transport.handleRequest(request, { parsedBody: body }));
    }
    if (request.method !== "POST" || !isInitializeRequest(body)) {
      return jsonRpcError(400, -32000, "Bad request: no session; start with an initialize request.");
    }
    admit();
    const server = options.createServer(principal);
    const transport: WebStandardStreamableHTTPServerTransport = new WebStandardStreamableHTTPServerTransport({
      sessionIdGenerator: randomUUID,
      onsessioninitialized: (id) => {
        sessions.set(id, { transport, scope: scopeKeyOf(principal), open: 0, lastSeen: Date.now() });
      },
    });
    transport.onclose = () => {
      if (transport.sessionId) sessions.delete(transport.sessionId);
      void server.close().catch(() => undefined);
    };
    await server.connect(transport);
    const response = await transport.handleRequest(request, { parsedBody: body });
    const session = transport.sessionId === undefined ? undefined : sessions.get(transport.sessionId);
    return session ? track(session, response) : response;
  }

  return {
    has: (sessionId, principal) => sessionOf(sessionId, principal) !== undefined,
    serve,
    async close() {
      clearInterval(sweep);
      await Promise.all([...sessions.values()].map((session) => session.transport.close().catch(() => undefined)));
      sessions.clear();
    },
  };
}
