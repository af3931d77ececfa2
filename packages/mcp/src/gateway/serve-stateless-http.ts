import type { IncomingMessage, ServerResponse } from "node:http";
import { toNodeHandler, toWebRequest, type NodeMcpRequestHandler } from "@modelcontextprotocol/node";
import { createMcpHandler, isLegacyRequest, type McpHttpHandler, type McpServer, type Server } from "@modelcontextprotocol/server";
import type { BearerPrincipal } from "./authenticate-bearer.js";
import { sessionOwnerOf } from "./session-owner.js";

/** Options of {@link serveStatelessHttp}. */
export interface ServeStatelessHttpOptions {
  /** The server that answers one request, for one caller's scope. */
  createServer: (options: { allow?: readonly string[]; owner?: string }) => McpServer | Server;
  log: (message: string) => void;
}

/** The 2026-07-28 side of the `/mcp` endpoint. */
export interface StatelessHttp {
  /** Answers one request of an authenticated caller (null without auth). */
  serve(request: IncomingMessage, response: ServerResponse, body: unknown, principal: BearerPrincipal | null): Promise<void>;
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
  // One handler per caller: its factory then knows the caller's scope without passing it through the request.
  const handlers = new Map<BearerPrincipal | null, { handler: McpHttpHandler; serve: NodeMcpRequestHandler }>();
  const onerror = (error: Error) => options.log(`MCP 2026-07-28 request failed: ${error.message}`);

  function handlerOf(principal: BearerPrincipal | null) {
    let entry = handlers.get(principal);
    if (!entry) {
      const owner = sessionOwnerOf(principal);
      const scope = principal?.allow ? { allow: principal.allow, owner } : { owner };
      const handler = createMcpHandler(() => options.createServer(scope), { legacy: "reject", onerror });
      entry = { handler, serve: toNodeHandler(handler, { onerror }) };
      handlers.set(principal, entry);
    }
    return entry;
  }

  return {
    serve: (request, response, body, principal) => handlerOf(principal).serve(request, response, body),
    toolsChanged() {
      for (const { handler } of handlers.values()) handler.notify.toolsChanged();
    },
    async close() {
      await Promise.all([...handlers.values()].map(({ handler }) => handler.close().catch(() => undefined)));
      handlers.clear();
    },
  };
}

/**
 * Whether a request belongs to the 2026-07-28 era: no session, and the version claim of the request envelope or of
 * the `MCP-Protocol-Version` header. Everything else (initialize, a session's traffic, GET and DELETE) is 2025-era.
 */
export async function isStatelessRequest(request: IncomingMessage, body: unknown): Promise<boolean> {
  if (request.headers["mcp-session-id"] !== undefined) return false;
  return !(await isLegacyRequest(await toWebRequest(request, body), body));
}
