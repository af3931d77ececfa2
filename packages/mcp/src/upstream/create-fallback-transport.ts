import { isInitializeRequest, SdkHttpError, type JSONRPCMessage, type Transport, type TransportSendOptions } from "@modelcontextprotocol/client";

// The answers of a server that speaks only the legacy HTTP+SSE transport to a Streamable HTTP POST.
const LEGACY_REFUSALS = new Set([400, 404, 405]);

/**
 * A transport for a server whose transport the config does not name, found as the MCP spec's backwards-compatibility
 * rule says: messages go over Streamable HTTP, and when the server refuses the `initialize` POST with 400, 404 or 405,
 * the transport becomes the legacy HTTP+SSE one (a GET of the same URL whose first event names the endpoint) and
 * sends the `initialize` again there. Once a message got through, the choice holds for the life of the transport.
 */
export function createFallbackTransport(streamableHttp: () => Transport, sse: () => Transport): Transport {
  return new FallbackTransport(streamableHttp, sse);
}

class FallbackTransport implements Transport {
  onclose?: (() => void) | undefined;
  onerror?: ((error: Error) => void) | undefined;
  onmessage?: Transport["onmessage"];
  private current: Transport;
  private settled = false;
  private protocolVersion: string | undefined;

  constructor(
    streamableHttp: () => Transport,
    private readonly sse: () => Transport,
  ) {
    this.current = this.wire(streamableHttp());
  }

  get sessionId(): string | undefined {
    return this.current.sessionId;
  }

  get hasPerRequestStream(): boolean | undefined {
    return this.current.hasPerRequestStream;
  }

  start(): Promise<void> {
    return this.current.start();
  }

  async send(message: JSONRPCMessage, options?: TransportSendOptions): Promise<void> {
    if (this.settled) return this.current.send(message, options);
    try {
      await this.current.send(message, options);
      this.settled = true;
    } catch (error) {
      // A refused version probe is not the transport's business: the client settles on the 2025 handshake itself.
      if (!isInitializeRequest(message) || !(error instanceof SdkHttpError) || !LEGACY_REFUSALS.has(Number((error.data as { status?: unknown } | undefined)?.status))) {
        throw error;
      }
      const refused = this.current;
      this.current = this.wire(this.sse());
      this.settled = true;
      await refused.close().catch(() => undefined);
      // Both answers matter to whoever reads the upstream's error: the refusal, and why SSE did not work either.
      await this.current.start().catch((sseError: unknown) => {
        throw new Error(`${(error as Error).message}; the legacy HTTP+SSE transport failed too: ${(sseError as Error).message}`, { cause: sseError });
      });
      if (this.protocolVersion) this.current.setProtocolVersion?.(this.protocolVersion);
      await this.current.send(message, options);
    }
  }

  setProtocolVersion(version: string): void {
    this.protocolVersion = version;
    this.current.setProtocolVersion?.(version);
  }

  close(): Promise<void> {
    return this.current.close();
  }

  private wire(transport: Transport): Transport {
    transport.onmessage = (message, extra) => this.onmessage?.(message, extra);
    transport.onerror = (error) => this.onerror?.(error);
    // The Streamable HTTP transport closed on the way to SSE is not the connection closing.
    transport.onclose = () => {
      if (transport === this.current) this.onclose?.();
    };
    return transport;
  }
}
