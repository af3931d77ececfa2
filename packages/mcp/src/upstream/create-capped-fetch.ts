import { BoundedMessage, type BoundedPiece } from "./bounded-message.js";
import { idOfOversized, tooLargeResponse } from "./oversized-message.js";

/** The JSON-RPC code the gateway answers a request with when its event stream broke: the connection is gone. */
export const CONNECTION_CLOSED = -32000;

type RequestId = string | number;

/**
 * A fetch for the HTTP transports whose responses never pass `maxBytes` a message: an event over the cap is skipped
 * to its end and a JSON body over it is dropped, each replaced by an error response for the request it answered
 * (read from the message's own edges, else the POST's one request), so that call fails alone and the stream and
 * session go on. An oversized message that cannot be matched to a request is reported to `onUnmatched`.
 */
export function createCappedFetch(maxBytes: number, onUnmatched: () => void = () => undefined): typeof fetch {
  return async (input, init) => {
    const response = await fetch(input, init);
    if (!response.body) return response;
    const type = response.headers.get("content-type") ?? "";
    const requestIds = requestIdsOf(init?.body);
    const replace = (head: Uint8Array, tail: Uint8Array): RequestId[] => {
      const id = idOfOversized(TEXT.decode(head), TEXT.decode(tail));
      if (id !== undefined) return [id];
      if (requestIds.length === 1) return requestIds;
      onUnmatched();
      return [];
    };
    let body: ReadableStream<Uint8Array>;
    if (type.includes("text/event-stream")) body = capEventStream(response.body, maxBytes, requestIds, replace);
    else if (type.includes("json")) body = capJsonBody(response.body, maxBytes, requestIds);
    else return response;
    const headers = new Headers(response.headers);
    headers.delete("content-length");
    return new Response(body, { status: response.status, statusText: response.statusText, headers });
  };
}

const TEXT = new TextDecoder();
const ENCODE = new TextEncoder();

function errorEvents(ids: readonly RequestId[], message: (id: RequestId) => object): Uint8Array {
  return ENCODE.encode(ids.map((id) => `event: message\ndata: ${JSON.stringify(message(id))}\n\n`).join(""));
}

function capEventStream(
  body: ReadableStream<Uint8Array>,
  maxBytes: number,
  requestIds: readonly RequestId[],
  replace: (head: Uint8Array, tail: Uint8Array) => RequestId[],
): ReadableStream<Uint8Array> {
  const source = body.getReader();
  const events = new EventSplitter(maxBytes);
  let resumable = false;
  return new ReadableStream<Uint8Array>({
    // A pull must enqueue something or end the stream: the stream calls it again only after it did.
    async pull(controller) {
      for (;;) {
        let chunk: Awaited<ReturnType<typeof source.read>>;
        try {
          chunk = await source.read();
        } catch (error) {
          // The SDK (1.32 and 2.4 alike) leaves a request whose event stream broke before any event id waiting for its
          // timeout (it only resumes streams that sent an id): answer each such request as a closed connection instead.
          if (requestIds.length === 0 || resumable) return controller.error(error);
          controller.enqueue(errorEvents(requestIds, (id) => ({ jsonrpc: "2.0", id, error: { code: CONNECTION_CLOSED, message: "Connection closed" } })));
          return controller.close();
        }
        if (chunk.done) {
          const rest = events.end();
          if (rest) controller.enqueue(rest);
          return controller.close();
        }
        resumable ||= /(^|\n)id:/.test(TEXT.decode(chunk.value));
        const done = events.push(chunk.value);
        for (const event of done) {
          if (!("oversized" in event)) controller.enqueue(event);
          else controller.enqueue(errorEvents(replace(event.oversized.head, event.oversized.tail), (id) => tooLargeResponse(id, maxBytes)));
        }
        if (done.length > 0) return;
      }
    },
    cancel: (reason) => source.cancel(reason),
  });
}

function capJsonBody(body: ReadableStream<Uint8Array>, maxBytes: number, requestIds: readonly RequestId[]): ReadableStream<Uint8Array> {
  const source = body.getReader();
  const parts: Uint8Array[] = [];
  let bytes = 0;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      let chunk = await source.read();
      for (; !chunk.done && bytes + chunk.value.byteLength <= maxBytes; chunk = await source.read()) {
        bytes += chunk.value.byteLength;
        parts.push(chunk.value);
      }
      if (chunk.done) {
        for (const part of parts) controller.enqueue(part);
        return controller.close();
      }
      parts.length = 0;
      void source.cancel().catch(() => undefined);
      const answers = requestIds.map((id) => tooLargeResponse(id, maxBytes));
      controller.enqueue(ENCODE.encode(JSON.stringify(answers.length === 1 ? answers[0] : answers)));
      controller.close();
    },
    cancel: (reason) => source.cancel(reason),
  });
}

/** Cuts an event stream into whole events (each ends with a blank line), each kept to at most `maxBytes`. */
class EventSplitter {
  private readonly event: BoundedMessage;
  // The last two bytes seen, so a blank line split across chunks is still found.
  private previous = [0, 0];

  constructor(maxBytes: number) {
    this.event = new BoundedMessage(maxBytes);
  }

  push(chunk: Uint8Array): BoundedPiece[] {
    const done: BoundedPiece[] = [];
    let start = 0;
    for (let lf = chunk.indexOf(10); lf !== -1; lf = chunk.indexOf(10, lf + 1)) {
      const before = (back: number) => (lf - back >= 0 ? chunk[lf - back]! : this.previous[2 + lf - back]!);
      // "\n\n" or "\n\r\n": the line this LF ends is blank.
      if (before(1) !== 10 && !(before(1) === 13 && before(2) === 10)) continue;
      this.event.take(chunk.subarray(start, lf + 1));
      done.push(this.event.finish());
      start = lf + 1;
    }
    this.event.take(chunk.subarray(start));
    this.previous = [...this.previous, ...chunk.subarray(-2)].slice(-2);
    return done;
  }

  /** What is left when the stream ends: an unfinished event as it is, or nothing. */
  end(): Uint8Array | undefined {
    if (this.event.empty) return undefined;
    const rest = this.event.finish();
    return "oversized" in rest ? undefined : rest;
  }
}

/** The ids of the JSON-RPC requests (not notifications or responses) in a POST body the SDK sent as a string. */
function requestIdsOf(body: unknown): RequestId[] {
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
