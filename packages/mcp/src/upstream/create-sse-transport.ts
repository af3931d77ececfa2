import { SSEClientTransport, SseError, type JSONRPCMessage, type Transport, type TransportSendOptions } from "@modelcontextprotocol/client";
import type { UpstreamAuthProvider } from "../upstream-auth/index.js";
import { createCappedFetch } from "./create-capped-fetch.js";

/** How long a server may take to name its message endpoint after the event stream opens. */
const ENDPOINT_TIMEOUT_MS = 30_000;

/**
 * A client transport for the legacy HTTP+SSE transport (the SDK's SSEClientTransport) that fails the way the other
 * transports do: a broken event stream closes it, so calls in flight fail at once and the upstream reconnects, where
 * the SDK's would reopen the stream into a session the server no longer knows and leave those calls to time out. A
 * message over `maxMessageBytes` fails its own call alone (see createCappedFetch).
 */
export function createSseTransport(
  url: string,
  headers: Record<string, string>,
  maxMessageBytes: number,
  authProvider?: UpstreamAuthProvider,
  onUnmatchedOversize?: () => void,
): Transport {
  return new ClosingSseTransport(new URL(url), headers, maxMessageBytes, authProvider, onUnmatchedOversize);
}

class ClosingSseTransport implements Transport {
  onclose?: (() => void) | undefined;
  onerror?: ((error: Error) => void) | undefined;
  onmessage?: Transport["onmessage"];
  private readonly inner: SSEClientTransport;
  private started = false;
  private closed = false;

  constructor(url: URL, headers: Record<string, string>, maxMessageBytes: number, authProvider?: UpstreamAuthProvider, onUnmatchedOversize?: () => void) {
    const capped = createCappedFetch(maxMessageBytes, onUnmatchedOversize);
    this.inner = new SSEClientTransport(url, {
      requestInit: { headers },
      fetch: authProvider ? authProvider.observe(capped) : capped,
      ...(authProvider ? { authProvider } : {}),
    });
    this.inner.onmessage = (message: JSONRPCMessage) => this.onmessage?.(message);
    this.inner.onclose = () => {
      if (this.closed) return;
      this.closed = true;
      this.onclose?.();
    };
    this.inner.onerror = (error) => {
      if (!this.started || !(error instanceof SseError)) return this.onerror?.(error);
      this.onerror?.(error);
      void this.close();
    };
  }

  async start(): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`The SSE server named no message endpoint within ${ENDPOINT_TIMEOUT_MS} ms.`)), ENDPOINT_TIMEOUT_MS);
    });
    try {
      await Promise.race([this.inner.start(), deadline]);
      this.started = true;
    } finally {
      clearTimeout(timer);
    }
  }

  // Every message goes the same way, a POST to the endpoint, so there are no per-message send options to honour.
  send(message: JSONRPCMessage, _options?: TransportSendOptions): Promise<void> {
    return this.inner.send(message);
  }

  setProtocolVersion(version: string): void {
    this.inner.setProtocolVersion?.(version);
  }

  async close(): Promise<void> {
    await this.inner.close();
  }
}
