import type { IncomingMessage, ServerResponse } from "node:http";
import { toWebRequest } from "@modelcontextprotocol/node";
import type { HttpHandler } from "./create-http-handler.js";
import { isHostHeader, misdirected } from "./check-host-and-origin.js";
import { jsonRpcError } from "./http-responses.js";

/** A Node `(req, res)` handler; mounted as Express middleware, its third argument is `next` and is not used. */
export type NodeHttpHandler = (request: IncomingMessage, response: ServerResponse, next?: unknown) => Promise<void>;

const MAX_BODY_BYTES = 4 * 1024 * 1024;

/**
 * Adapts the Fetch handler to Node's `(req, res)`, for `node:http` and Express. The request's path is `req.url`, which
 * a router gives relative to where it is mounted, and a body a parser already read (`req.body` from `express.json()`)
 * is used rather than the consumed stream. When the client goes away, the
 * response body is cancelled at once, so an idle SSE stream ends with its connection.
 */
export function toNodeHttpHandler(handler: HttpHandler, log: (message: string) => void): NodeHttpHandler {
  return async (request, response, next) => {
    const refused = refuseMalformed(request);
    if (refused) {
      await write(refused, response, new AbortController().signal);
      return;
    }
    const { body } = request as IncomingMessage & { body?: unknown };
    const parsedBody = next !== undefined && typeof next !== "function" ? next : body;
    const gone = new AbortController();
    response.once("close", () => gone.abort());
    const source = {
      method: request.method,
      url: request.url,
      headers: request.headers,
      [Symbol.asyncIterator]: () => request[Symbol.asyncIterator](),
    };
    let answer: Response;
    try {
      const webRequest = await toWebRequest(source, parsedBody, { signal: gone.signal, maxRequestBodySize: MAX_BODY_BYTES });
      answer = await handler.fetch(webRequest, parsedBody === undefined ? {} : { parsedBody });
    } catch (error) {
      answer = failure(request, error as Error, log);
    }
    await write(answer, response, gone.signal);
  };
}

/** The answer when a request could not be read or answered: the client's fault is a 4xx and is not logged. */
function failure(request: IncomingMessage, error: Error, log: (message: string) => void): Response {
  if (error.name === "RequestBodyTooLargeError") return jsonRpcError(413, -32000, error.message);
  // The client dropped the connection or broke the body's framing while it was read.
  if (request.readableAborted || request.destroyed) return jsonRpcError(400, -32600, "Bad request: the body ended before it was complete.");
  log(`HTTP request failed: ${error.message}`);
  return jsonRpcError(500, -32603, "Internal error.");
}

// Methods a Fetch Request cannot carry (Node's parser refuses TRACK itself, and CONNECT never reaches a handler).
const FORBIDDEN_METHODS = new Set(["CONNECT", "TRACE"]);
// Headers the gateway decides on: sent twice, a proxy in front may have read the other copy.
const SINGLE_HEADERS = new Set(["host", "authorization", "origin", "content-type", "mcp-session-id", "mcp-protocol-version"]);

/**
 * The 4xx answer to what cannot become a Fetch Request, or must not: a request target that is not a path (the
 * absolute and asterisk forms), a Host with userinfo or that no URL can hold, a method Fetch refuses, one of the
 * headers the gateway decides on sent twice. Node itself already refuses oversized headers (431) and bad framing.
 */
function refuseMalformed(request: IncomingMessage): Response | undefined {
  if (!request.url?.startsWith("/") || request.url.startsWith("//")) {
    return jsonRpcError(400, -32600, "Bad request: the request target must be a path, such as /mcp.");
  }
  const host = request.headers.host ?? "";
  if (!isHostHeader(host)) {
    const { status, message } = misdirected(host);
    return jsonRpcError(status, -32000, message);
  }
  const method = request.method?.toUpperCase() ?? "GET";
  if (FORBIDDEN_METHODS.has(method)) {
    return jsonRpcError(405, -32000, `Method not allowed: ${method} is not served here; use POST, GET or DELETE.`, { allow: "GET, POST, DELETE" });
  }
  const seen = new Set<string>();
  for (let index = 0; index < request.rawHeaders.length; index += 2) {
    const name = request.rawHeaders[index]!.toLowerCase();
    if (!SINGLE_HEADERS.has(name)) continue;
    if (seen.has(name)) return jsonRpcError(400, -32600, `Bad request: the ${name} header is sent more than once.`);
    seen.add(name);
  }
  return undefined;
}

async function write(answer: Response, response: ServerResponse, gone: AbortSignal): Promise<void> {
  answer.headers.forEach((value, name) => response.appendHeader(name, value));
  response.writeHead(answer.status);
  if (!answer.body) {
    response.end();
    return;
  }
  response.flushHeaders();
  const reader = answer.body.getReader();
  const cancel = () => void reader.cancel().catch(() => undefined);
  if (gone.aborted) cancel();
  gone.addEventListener("abort", cancel, { once: true });
  try {
    for (;;) {
      const chunk = await reader.read();
      if (chunk.done) break;
      if (!response.write(chunk.value)) {
        await new Promise<void>((resolve) => {
          response.once("drain", resolve);
          gone.addEventListener("abort", () => resolve(), { once: true });
        });
      }
    }
  } catch {
    // The body failed midway: the status is sent, so all that is left is to end the response.
  } finally {
    gone.removeEventListener("abort", cancel);
    response.end();
  }
}
