import { createServer as createHttpServer } from "node:http";
import type { AddressInfo } from "node:net";
import { createHttpHandler, type CreateHttpHandlerOptions } from "./create-http-handler.js";
import { toNodeHttpHandler } from "./to-node-http-handler.js";

/** Where the gateway listens over HTTP. */
export interface ListenOptions {
  /** Default 127.0.0.1. Any other address needs `http.publicUrl`, and `auth` unless `http.allowUnauthenticated`. */
  host?: string;
  /** Default 8787; 0 picks a free port. */
  port?: number;
  /**
   * A client session with no request open for this long is closed, as if the client had ended it: many clients
   * leave without sending DELETE. Default 10 minutes.
   */
  idleSessionMs?: number;
  /**
   * Past this many client sessions, a new one closes the session idle the longest of a caller holding more than its
   * share (the limit shared among the callers holding sessions); a caller at its share with none idle is refused (429).
   * Default 1,000.
   */
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

/** Options of {@link listenHttp}. */
export type ListenHttpOptions = CreateHttpHandlerOptions & Omit<ListenOptions, "idleSessionMs" | "maxSessions">;

/** Serves the gateway's HTTP entry ({@link createHttpHandler}) on a `node:http` server of its own. */
export async function listenHttp(options: ListenHttpOptions): Promise<HttpListener> {
  const handler = createHttpHandler({ endpointPath: "/mcp", ...options });
  const http = createHttpServer(toNodeHttpHandler(handler, options.log));
  await new Promise<void>((resolve, reject) => {
    http.once("error", reject);
    http.listen(options.port ?? 8787, options.host ?? "127.0.0.1", () => resolve());
  }).catch(async (error: unknown) => {
    await handler.close();
    throw error;
  });
  const address = http.address() as AddressInfo;
  const shown = address.family === "IPv6" ? `[${address.address}]` : address.address;
  return {
    url: `http://${shown}:${address.port}/mcp`,
    port: address.port,
    stopAccepting: () => void http.close(),
    async close() {
      await handler.close();
      http.closeAllConnections();
      await new Promise<void>((resolve) => (http.listening ? http.close(() => resolve()) : resolve()));
    },
  };
}
