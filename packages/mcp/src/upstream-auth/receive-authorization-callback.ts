import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { CodeModeError } from "@codemode/core";

/** A loopback HTTP listener for the authorization server's redirect (RFC 8252 §7.3). */
export interface AuthorizationCallback {
  /** `http://127.0.0.1:PORT/callback`. */
  readonly redirectUri: string;
  /** Resolves with the query of the first request to `/callback`. */
  wait(timeoutMs: number): Promise<URLSearchParams>;
  close(): Promise<void>;
}

/** Listens on 127.0.0.1:`port` (0 for a free port) for the redirect that carries the authorization code. */
export async function receiveAuthorizationCallback(port: number): Promise<AuthorizationCallback> {
  let deliver: (params: URLSearchParams) => void = () => undefined;
  const received = new Promise<URLSearchParams>((resolve) => (deliver = resolve));
  const server: Server = createServer((request, response) => {
    const url = new URL(request.url ?? "/", "http://127.0.0.1");
    if (request.method !== "GET" || url.pathname !== "/callback") {
      response.writeHead(404, { "content-type": "text/plain" }).end("Not found\n");
      return;
    }
    const failed = url.searchParams.has("error");
    response
      .writeHead(failed ? 400 : 200, { "content-type": "text/html; charset=utf-8", "cache-control": "no-store" })
      .end(`<!doctype html><title>codemode login</title><p>${failed ? "The authorization was refused." : "Logged in. You can close this tab."}</p>\n`);
    deliver(url.searchParams);
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", (error: NodeJS.ErrnoException) =>
      reject(new CodeModeError("UNAVAILABLE", `Cannot listen on 127.0.0.1:${port} for the login redirect (${error.code ?? error.message}).`)),
    );
    server.listen(port, "127.0.0.1", () => resolve());
  });
  const actual = (server.address() as AddressInfo).port;
  return {
    redirectUri: `http://127.0.0.1:${actual}/callback`,
    async wait(timeoutMs) {
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new CodeModeError("TIMEOUT", `No login arrived within ${Math.round(timeoutMs / 1000)} s.`)), timeoutMs);
      });
      try {
        return await Promise.race([received, timeout]);
      } finally {
        clearTimeout(timer);
      }
    },
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
