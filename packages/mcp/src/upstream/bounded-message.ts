import { KEPT_EDGE_BYTES } from "./oversized-message.js";

/** A whole message, or the first and last bytes of one over the cap (where its id is). */
export type BoundedPiece = Uint8Array | { oversized: { head: Uint8Array; tail: Uint8Array } };

/**
 * Collects one message from the pieces a stream delivers, keeping at most `maxBytes` of it: past that, it keeps only
 * the first and last {@link KEPT_EDGE_BYTES} bytes, and the rest is dropped as it arrives.
 */
export class BoundedMessage {
  private parts: Uint8Array[] = [];
  private bytes = 0;
  private skipping: { head: Uint8Array; tail: Uint8Array } | undefined;

  constructor(private readonly maxBytes: number) {}

  /** Whether nothing of a message has arrived yet. */
  get empty(): boolean {
    return this.bytes === 0 && !this.skipping;
  }

  take(piece: Uint8Array): void {
    if (piece.length === 0) return;
    if (this.skipping) {
      this.skipping.tail = lastBytes(concat([this.skipping.tail, piece]));
    } else if (this.bytes + piece.length > this.maxBytes) {
      const message = concat([...this.parts, piece]);
      this.skipping = { head: message.subarray(0, KEPT_EDGE_BYTES), tail: lastBytes(message) };
      this.parts = [];
      this.bytes = 0;
    } else {
      this.parts.push(piece);
      this.bytes += piece.length;
    }
  }

  /** The message taken so far, and a fresh start for the next. */
  finish(): BoundedPiece {
    const skipped = this.skipping;
    const whole = concat(this.parts);
    this.clear();
    return skipped ? { oversized: skipped } : whole;
  }

  clear(): void {
    this.parts = [];
    this.bytes = 0;
    this.skipping = undefined;
  }
}

function lastBytes(bytes: Uint8Array): Uint8Array {
  return bytes.length <= KEPT_EDGE_BYTES ? bytes : bytes.slice(bytes.length - KEPT_EDGE_BYTES);
}

function concat(parts: readonly Uint8Array[]): Uint8Array {
  return parts.length === 1 ? parts[0]! : Buffer.concat(parts);
}
