import { AsyncLocalStorage } from "node:async_hooks";
import { createMcpHandler, isLegacyRequest, type McpServer, type Server } from "@modelcontextprotocol/server";
import type { Principal } from "../auth/index.js";

/** Options of {@link serveStatelessHttp}. */
export interface ServeStatelessHttpOptions {
  /** The server that answers one request, for one caller. */
  createServer: (principal: Principal) => McpServer | Server;
  log: (message: string) => void;
}

/** The 2026-07-28 side of the `/mcp` endpoint. */
export interface StatelessHttp {
  /** Answers one request of an authenticated caller. */
  serve(request: Request, body: unknown, principal: Principal): Promise<Response>;
  /** Tells open `subscriptions/listen` streams that the tool list changed. */
  toolsChanged(): void;
  close(): Promise<void>;
}

/**
 * Serves MCP 2026-07-28 statelessly: each request is answered by a server made for it alone, so any process could
 * answer it. The SDK checks the request envelope and headers (`MCP-Protocol-Version`, `Mcp-Method`, `Mcp-Name`),
 * answers `server/discover` and adds the cache hints. 2025-era requests are refused here; the caller routes them
 * with {@link isStatelessRequest}.
 */
export function serveStatelessHttp(options: ServeStatelessHttpOptions): StatelessHttp {
  // The handler calls its factory while it answers a request, inside that request's async context: the caller is
  // carried there rather than through the request, so one handler serves every caller.
  const caller = new AsyncLocalStorage<Principal>();
  const onerror = (error: Error) => options.log(`MCP 2026-07-28 request failed: ${error.message}`);
  const handler = createMcpHandler(
    () => {
      const principal = caller.getStore();
      if (!principal) throw new Error("A 2026-07-28 server was asked for outside of a request.");
      return options.createServer(principal);
    },
    { legacy: "reject", onerror },
  );

  return {
    serve: (request, body, principal) => caller.run(principal, () => handler.fetch(request, { parsedBody: body })),
    toolsChanged: () => handler.notify.toolsChanged(),
    close: () => handler.close().catch(() => undefined),
  };
}

/**
 * Whether a request belongs to the 2026-07-28 era: no session, and the version claim of the request envelope or of
 * the `MCP-Protocol-Version` header. Everything else (initialize, a session's traffic, GET and DELETE) is 2025-era.
 */
export async function isStatelessRequest(request: Request, body: unknown): Promise<boolean> {
  if (request.headers.has("mcp-session-id")) return false;
  return !(await isLegacyRequest(request, body));
}
