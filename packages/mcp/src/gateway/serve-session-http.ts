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
  /**
   * Past this many sessions, one idle the longest of a principal holding more than its share (`maxSessions` shared
   * among the principals holding sessions) is closed to admit a new one.
   */
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
  /** Who that caller is, whatever its allowlist: the principal its share of `maxSessions` is counted for. */
  owner: string;
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
  /**
   * Makes room for one more session of `owner`: past `maxSessions`, an owner at or past its share may only close its
   * own session idle the longest (and is refused when none is idle); an owner within its share closes the idlest of
   * an owner past its share, or is admitted beyond `maxSessions` when none is idle. So one principal opening session
   * after session never closes another's, and holds no more than its share while its sessions are busy.
   */
  const admit = (owner: string): boolean => {
    if (sessions.size < options.maxSessions) return true;
    const counts = new Map<string, number>();
    for (const session of sessions.values()) counts.set(session.owner, (counts.get(session.owner) ?? 0) + 1);
    const share = options.maxSessions / (counts.size + (counts.has(owner) ? 0 : 1));
    const idlest = (candidate: (session: Session) => boolean) =>
      [...sessions.values()].filter((session) => candidate(session) && idleSince(session) !== Infinity).sort((a, b) => idleSince(a) - idleSince(b))[0];
    if ((counts.get(owner) ?? 0) + 1 > share) {
      const own = idlest((session) => session.owner === owner);
      if (own) closeSession(own);
      return own !== undefined;
    }
    const over = idlest((session) => (counts.get(session.owner) ?? 0) > share);
    if (over) closeSession(over);
    return true;
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
    if (!admit(principal.owner)) {
      const held = [...sessions.values()].filter((session) => session.owner === principal.owner).length;
      return jsonRpcError(429, -32000, `Too many sessions: this caller has ${held} sessions open and none idle; end one (DELETE) or reuse it.`);
    }
    const server = options.createServer(principal);
    const transport: WebStandardStreamableHTTPServerTransport = new WebStandardStreamableHTTPServerTransport({
      sessionIdGenerator: randomUUID,
      onsessioninitialized: (id) => {
        sessions.set(id, { transport, scope: scopeKeyOf(principal), owner: principal.owner, open: 0, lastSeen: Date.now() });
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
