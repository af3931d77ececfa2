// The host's runs and replies to a Web Worker in a cross-origin isolated page, through shared memory: the worker blocks
// in Atomics.wait inside its synchronous run (it never returns to its event loop, where messages arrive), so the host
// writes what it posts into a mailbox the worker reads when the wake counter moves, as a worker thread reads its port.
//
// The mailbox is a fixed buffer the host appends to and the worker empties. A batch larger than its room goes in
// pieces, each written once the worker has taken what was there (it says so with a message when the host asked).
// Chosen over a growable SharedArrayBuffer: it works wherever SharedArrayBuffer does, it holds a batch of any size (a
// tool result alone may be megabytes, a batch holds many), its memory stays a fixed 64 KiB per worker (a grown buffer
// never shrinks, nor outgrows the maximum reserved up front), and a round trip per 64 KiB costs little beside
// copying and parsing that much JSON.
import type { ReplyBatch, RunRequest } from "../protocol.js";

/** Bytes of a worker's mailbox, its header included. */
export const MAILBOX_BYTES = 64 * 1024;

/**
 * The Int32 header: bytes written and not yet taken (the host appends after them, the worker takes them all and sets
 * 0), and the host's request for word when the mailbox was full.
 */
const LENGTH = 0;
const ASKED = 1;
const HEADER_BYTES = 8;

/** Worker to host, posted when the host asked: the mailbox has room, write the rest. */
export interface MailboxTaken {
  type: "taken";
}

/** What the host posts to a worker through its mailbox. */
export type MailboxMessage = RunRequest | ReplyBatch;

/**
 * The host's end of a mailbox: `post` queues a message as a line of JSON and writes as much of what is queued as the
 * mailbox has room for; `taken` writes more once the worker says it took what was there. `wake` follows each write.
 */
export function createMailboxWriter(buffer: SharedArrayBuffer, wake: () => void): { post(message: MailboxMessage): void; taken(): void } {
  const header = new Int32Array(buffer, 0, 2);
  const space = new Uint8Array(buffer, HEADER_BYTES);
  const encoder = new TextEncoder();
  const queue: Uint8Array[] = [];
  let offset = 0;
  const write = () => {
    while (queue.length > 0) {
      const start = Atomics.load(header, LENGTH);
      if (start === space.length) {
        // Asked before looking again: a worker taking the bytes now sees the request and answers (Atomics are
        // sequentially consistent, so either this look finds room or the worker sees the request).
        Atomics.store(header, ASKED, 1);
        if (Atomics.load(header, LENGTH) === start) return;
        continue;
      }
      // Copied after the bytes not yet taken, and published only if the worker took nothing meanwhile.
      let end = start;
      let index = 0;
      let at = offset;
      while (index < queue.length && end < space.length) {
        const bytes = queue[index]!.subarray(at, at + space.length - end);
        space.set(bytes, end);
        end += bytes.length;
        at += bytes.length;
        if (at === queue[index]!.length) [index, at] = [index + 1, 0];
      }
      if (Atomics.compareExchange(header, LENGTH, start, end) !== start) continue;
      queue.splice(0, index);
      offset = at;
      wake();
    }
  };
  return {
    post(message) {
      queue.push(encoder.encode(`${JSON.stringify(message)}\n`));
      write();
    },
    taken: write,
  };
}

/**
 * The worker's end of a mailbox: `read` gives the next message the host wrote, or undefined when none is complete
 * yet; it never blocks. `post` answers the host's request for word once the worker took the bytes.
 */
export function createMailboxReader(buffer: SharedArrayBuffer, post: (message: MailboxTaken) => void): () => MailboxMessage | undefined {
  const header = new Int32Array(buffer, 0, 2);
  const space = new Uint8Array(buffer, HEADER_BYTES);
  // Streaming: a piece may end inside a character's bytes or a message's line.
  const decoder = new TextDecoder();
  const lines: string[] = [];
  let partial = "";
  const receive = (bytes: Uint8Array) => {
    const piece = decoder.decode(bytes, { stream: true });
    // Only the new piece is searched for line ends: a message of many pieces is not scanned again with each one.
    const parts = piece.split("\n");
    if (parts.length === 1) partial += piece;
    else {
      lines.push(partial + parts[0], ...parts.slice(1, -1));
      partial = parts[parts.length - 1]!;
    }
  };
  const take = () => {
    let taken = 0;
    let length = Atomics.load(header, LENGTH);
    if (length === 0) return;
    for (;;) {
      // Copied out first: TextDecoder refuses a view of shared memory in browsers.
      receive(space.slice(taken, length));
      taken = length;
      // The host may have appended meanwhile: then take that too before emptying the mailbox.
      const now = Atomics.compareExchange(header, LENGTH, length, 0);
      if (now === length) break;
      length = now;
    }
    if (Atomics.exchange(header, ASKED, 0) === 1) post({ type: "taken" });
  };
  return () => {
    if (lines.length === 0) take();
    const line = lines.shift();
    return line === undefined ? undefined : (JSON.parse(line) as MailboxMessage);
  };
}
