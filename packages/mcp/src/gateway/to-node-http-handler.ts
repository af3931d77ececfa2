import type { IncomingMessage, ServerResponse } from "node:http";
import { toWebRequest } from "@modelcontextprotocol/node";
import type { HttpHandler } from "./create-http-handler.js";
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
      const tooLarge = (error as { name?: string }).name === "RequestBodyTooLargeError";
      if (!tooLarge) log(`HTTP request failed: ${(error as Error).message}`);
      answer = tooLarge ? jsonRpcError(413, -32000, (error as Error).message) : jsonRpcError(500, -32603, "Internal error.");
    }
    await write(answer, response, gone.signal);
  };
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
