import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";

/** A Streamable HTTP client transport whose responses fail once one message passes `maxMessageBytes`. */
export function createHttpTransport(url: string, headers: Record<string, string>, maxMessageBytes: number): StreamableHTTPClientTransport {
  return new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers }, fetch: createCappedFetch(maxMessageBytes) });
}

/**
 * A fetch whose response bodies fail once one message passes `maxBytes`: a JSON body counts whole, an event stream
 * counts from its last event boundary (the stream itself lives as long as the session).
 */
function createCappedFetch(maxBytes: number): typeof fetch {
  return async (input, init) => {
    const response = await fetch(input, init);
    if (!response.body) return response;
    const streaming = response.headers.get("content-type")?.includes("text/event-stream") ?? false;
    let pending = 0;
    const capped = response.body.pipeThrough(
      new TransformStream<Uint8Array, Uint8Array>({
        transform(chunk, controller) {
          const boundary = streaming ? lastEventBoundary(chunk) : -1;
          pending = boundary === -1 ? pending + chunk.byteLength : chunk.byteLength - boundary;
          if (pending > maxBytes) controller.error(new Error(`Response exceeded maximum size of ${maxBytes} bytes`));
          else controller.enqueue(chunk);
        },
      }),
    );
    return new Response(capped, { status: response.status, statusText: response.statusText, headers: response.headers });
  };
}

function lastEventBoundary(chunk: Uint8Array): number {
  for (let index = chunk.length - 1; index > 0; index--) {
    if (chunk[index] === 10 && chunk[index - 1] === 10) return index + 1;
  }
  return -1;
}
