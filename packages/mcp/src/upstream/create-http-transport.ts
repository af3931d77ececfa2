import { StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import type { UpstreamAuthProvider } from "../upstream-auth/index.js";

/** The JSON-RPC code the gateway answers a request with when its event stream broke: the connection is gone. */
export const CONNECTION_CLOSED = -32000;

/**
 * A Streamable HTTP client transport whose responses fail once one message passes `maxMessageBytes`, and whose
 * requests fail at once when the server drops their event stream.
 */
export function createHttpTransport(
  url: string,
  headers: Record<string, string>,
  maxMessageBytes: number,
  authProvider?: UpstreamAuthProvider,
): StreamableHTTPClientTransport {
  const capped = createCappedFetch(maxMessageBytes);
  const fetch = authProvider ? authProvider.observe(capped) : capped;
  return new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers }, fetch, ...(authProvider ? { authProvider } : {}) });
}

/**
 * A fetch whose response bodies fail once one message passes `maxBytes`: a JSON body counts whole, an event stream
 * counts from its last event boundary (the stream itself lives as long as the session). `onOversize` hears of it
 * first, for a transport (SSE) whose own error does not carry the reason.
 */
export function createCappedFetch(maxBytes: number, onOversize?: () => void): typeof fetch {
  return async (input, init) => {
    const response = await fetch(input, init);
    if (!response.body) return response;
    const streaming = response.headers.get("content-type")?.includes("text/event-stream") ?? false;
    const requestIds = streaming ? requestIdsOf(init?.body) : [];
    const source = response.body.getReader();
    let pending = 0;
    let resumable = false;
    const capped = new ReadableStream<Uint8Array>({
      async pull(controller) {
        let chunk: Awaited<ReturnType<typeof source.read>>;
        try {
          chunk = await source.read();
        } catch (error) {
          // The SDK (1.32 and 2.4 alike) leaves a request whose event stream broke before any event id waiting for its
          // timeout (it only resumes streams that sent an id): answer each such request as a closed connection instead.
          if (requestIds.length === 0 || resumable) return controller.error(error);
          for (const id of requestIds) controller.enqueue(connectionClosedEvent(id));
          return controller.close();
        }
        if (chunk.done) return controller.close();
        const boundary = streaming ? lastEventBoundary(chunk.value) : -1;
        pending = boundary === -1 ? pending + chunk.value.byteLength : chunk.value.byteLength - boundary;
        resumable ||= streaming && /(^|\n)id:/.test(new TextDecoder().decode(chunk.value));
        if (pending > maxBytes) {
          void source.cancel().catch(() => undefined);
          onOversize?.();
          controller.error(new Error(`Response exceeded maximum size of ${maxBytes} bytes`));
        } else controller.enqueue(chunk.value);
      },
      cancel: (reason) => source.cancel(reason),
    });
    return new Response(capped, { status: response.status, statusText: response.statusText, headers: response.headers });
  };
}

/** The ids of the JSON-RPC requests (not notifications or responses) in a POST body the SDK sent as a string. */
function requestIdsOf(body: unknown): (string | number)[] {
  if (typeof body !== "string") return [];
  try {
    const messages: unknown[] = [JSON.parse(body)].flat();
    return messages.flatMap((message) => {
      const { id, method } = (message ?? {}) as { id?: unknown; method?: unknown };
      return typeof method === "string" && (typeof id === "string" || typeof id === "number") ? [id] : [];
    });
  } catch {
    return [];
  }
}

function connectionClosedEvent(id: string | number): Uint8Array {
  const message = { jsonrpc: "2.0", id, error: { code: CONNECTION_CLOSED, message: "Connection closed" } };
  return new TextEncoder().encode(`event: message\ndata: ${JSON.stringify(message)}\n\n`);
}

function lastEventBoundary(chunk: Uint8Array): number {
  for (let index = chunk.length - 1; index > 0; index--) {
    if (chunk[index] === 10 && chunk[index - 1] === 10) return index + 1;
  }
  return -1;
}
