import type { Server as SessionServer } from "@modelcontextprotocol/sdk/server/index.js";
import type { McpServer, Server } from "@modelcontextprotocol/server";
import { serveStdio, type StdioServerHandle } from "@modelcontextprotocol/server/stdio";

/** Options of {@link serveGatewayStdio}. */
export interface ServeGatewayStdioOptions {
  /** The server of a 2025-era connection (initialize, then server-to-client requests such as elicitation). */
  createServer: () => SessionServer;
  /** The server that answers a 2026-07-28 connection, whose every request carries its own version and capabilities. */
  createStatelessServer: () => McpServer;
  /** Calls back whenever the tool list changes; returns how to stop. */
  watchTools: (onChange: () => void) => () => void;
  log: (message: string) => void;
}

/**
 * Serves the gateway on this process's stdin and stdout in both eras of MCP: the connection's first message picks
 * the era (an `initialize` is 2025-era; a request whose `_meta` claims 2026-07-28 is modern, `server/discover`
 * included), and one server of that era answers the connection from then on.
 */
export function serveGatewayStdio(options: ServeGatewayStdioOptions): StdioServerHandle {
  const modern = new Set<McpServer>();
  const unwatchTools = options.watchTools(() => {
    // Routed by serveStdio onto the connection's open subscriptions/listen streams, if any.
    for (const server of modern) server.server.sendToolListChanged().catch(() => undefined);
  });
  const handle = serveStdio(
    ({ era }) => {
      if (era === "legacy") {
        // A 2025-era connection is only connected and closed by serveStdio, which SDK 1.x's Server does on the same
        // Transport contract; it stays on 1.x for as long as the HTTP sessions (and their elicitation) do.
        return options.createServer() as unknown as Server;
      }
      const server = options.createStatelessServer();
      modern.add(server);
      const previous = server.server.onclose;
      server.server.onclose = () => {
        modern.delete(server);
        previous?.();
      };
      return server;
    },
    { onerror: (error) => options.log(`MCP over stdio: ${error.message}`) },
  );
  return {
    async close() {
      unwatchTools();
      await handle.close();
    },
  };
}
