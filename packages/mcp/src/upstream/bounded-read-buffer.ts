import { deserializeMessage, type JSONRPCMessage } from "@modelcontextprotocol/client";
import { BoundedMessage } from "./bounded-message.js";
import { idOfOversized, tooLargeResponse } from "./oversized-message.js";

const NEWLINE = 0x0a;
const TEXT = new TextDecoder();

/**
 * Newline-delimited JSON-RPC framing for a stdio upstream (the SDK's `ReadBuffer` contract) that drops a line over
 * `maxBytes` without losing its place in the stream: the line is skipped to its end, and the response it was
 * becomes an error response for the same id, so that call fails alone and the next one is read as usual. The SDK's
 * own buffer throws instead, and its transport then closes the connection.
 */
export class BoundedReadBuffer {
  private readonly line: BoundedMessage;
  // Whole lines not read yet, in the order they arrived.
  private readonly lines: string[] = [];

  constructor(
    private readonly maxBytes: number,
    /** Told of a line over the cap whose id could not be read: the calls in flight cannot be told apart. */
    private readonly onUnmatched: () => void,
  ) {
    this.line = new BoundedMessage(maxBytes);
  }

  append(chunk: Buffer): void {
    let start = 0;
    while (start < chunk.length) {
      const end = chunk.indexOf(NEWLINE, start);
      this.line.take(chunk.subarray(start, end === -1 ? chunk.length : end));
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
    this.line.clear();
    this.lines.length = 0;
  }

  private endLine() {
    const line = this.line.finish();
    if ("oversized" in line) {
      const id = idOfOversized(TEXT.decode(line.oversized.head), TEXT.decode(line.oversized.tail));
      // The error takes the line's place in the order messages arrived.
      if (id === undefined) this.onUnmatched();
      else this.lines.push(JSON.stringify(tooLargeResponse(id, this.maxBytes)));
      return;
    }
    const text = TEXT.decode(line);
    if (text.trim()) this.lines.push(text);
  }
}
