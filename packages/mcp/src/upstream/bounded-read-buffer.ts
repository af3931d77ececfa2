import { deserializeMessage, type JSONRPCMessage } from "@modelcontextprotocol/client";
import { idOfOversized, KEPT_EDGE_BYTES, tooLargeResponse } from "./oversized-message.js";

const NEWLINE = 0x0a;

/**
 * Newline-delimited JSON-RPC framing for a stdio upstream (the SDK's `ReadBuffer` contract) that drops a line over
 * `maxBytes` without losing its place in the stream: the line is skipped to its end, and the response it was
 * becomes an error response for the same id, so that call fails alone and the next one is read as usual. The SDK's
 * own buffer throws instead, and its transport then closes the connection.
 */
export class BoundedReadBuffer {
  private parts: Buffer[] = [];
  private bytes = 0;
  // While skipping a line too long to keep: its first and last bytes, where its id is.
  private skipping: { head: Buffer; tail: Buffer } | undefined;
  // Whole lines not read yet, in the order they arrived.
  private readonly lines: string[] = [];

  constructor(
    private readonly maxBytes: number,
    /** Told of a line over the cap whose id could not be read: the calls in flight cannot be told apart. */
    private readonly onUnmatched: () => void,
  ) {}

  append(chunk: Buffer): void {
    let start = 0;
    while (start < chunk.length) {
      const end = chunk.indexOf(NEWLINE, start);
      const piece = chunk.subarray(start, end === -1 ? chunk.length : end);
      if (this.skipping) this.skipping.tail = lastBytes(Buffer.concat([this.skipping.tail, piece]));
      else if (this.bytes + piece.length > this.maxBytes) {
        const line = Buffer.concat([...this.parts, piece]);
        this.skipping = { head: line.subarray(0, KEPT_EDGE_BYTES), tail: lastBytes(line) };
        this.parts = [];
        this.bytes = 0;
      } else {
        this.parts.push(piece);
        this.bytes += piece.length;
      }
      if (end === -1) return;
      this.endLine();
      start = end + 1;
    }
  }

  /** The next message, or null when no whole line is waiting; throws for a line that is JSON but not JSON-RPC. */
  readMessage(): JSONRPCMessage | null {
    for (let line = this.lines.shift(); line !== undefined; line = this.lines.shift()) {
      try {
        return deserializeMessage(line.replace(/\r$/, ""));
      } catch (error) {
        // A line that is not JSON is noise a server printed on stdout; the SDK skips it too.
        if (error instanceof SyntaxError) continue;
        throw error;
      }
    }
    return null;
  }

  clear(): void {
    this.parts = [];
    this.bytes = 0;
    this.skipping = undefined;
    this.lines.length = 0;
  }

  private endLine() {
    if (this.skipping) {
      const id = idOfOversized(this.skipping.head.toString("utf8"), this.skipping.tail.toString("utf8"));
      this.skipping = undefined;
      // The error takes the line's place in the order messages arrived.
      if (id === undefined) this.onUnmatched();
      else this.lines.push(JSON.stringify(tooLargeResponse(id, this.maxBytes)));
      return;
    }
    const line = Buffer.concat(this.parts).toString("utf8");
    this.parts = [];
    this.bytes = 0;
    if (line.trim()) this.lines.push(line);
  }
}

function lastBytes(buffer: Buffer): Buffer {
  return buffer.length <= KEPT_EDGE_BYTES ? buffer : Buffer.from(buffer.subarray(buffer.length - KEPT_EDGE_BYTES));
}
