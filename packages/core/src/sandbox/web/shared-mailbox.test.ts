import { describe, expect, it } from "vitest";
import { createSharedFlags, startWorker } from "../host/index.js";
import type { ReplyBatch, RunRequest } from "../protocol.js";
import { createMailboxReader, createMailboxWriter, MAILBOX_BYTES, type MailboxMessage, type MailboxTaken } from "./shared-mailbox.js";

/** A writer and a reader over one mailbox, the reader's word handed straight back to the writer. */
function pair() {
  const buffer = new SharedArrayBuffer(MAILBOX_BYTES);
  let wakes = 0;
  let words = 0;
  const writer = createMailboxWriter(buffer, () => wakes++);
  const read = createMailboxReader(buffer, () => words++);
  const readAll = () => {
    const messages: MailboxMessage[] = [];
    for (let message = read(); message; message = read()) messages.push(message);
    return messages;
  };
  return { writer, readAll, counts: () => ({ wakes, words }) };
}

const replies = (id: number, envelope: string): ReplyBatch => ({ type: "replies", id, replies: [{ callId: 1, envelope, bytes: false }] });

describe("createMailboxWriter", () => {
  it("delivers several messages written before the worker reads, in order", () => {
    const { writer, readAll } = pair();
    const run = { type: "run", id: 7, source: "return 1", fileName: "script.ts" } as RunRequest;
    writer.post(replies(6, '{"ok":true}'));
    writer.post(run);
    writer.post(replies(7, '{"ok":true,"data":"line one\\nline two"}'));
    expect(readAll()).toEqual([replies(6, '{"ok":true}'), run, replies(7, '{"ok":true,"data":"line one\\nline two"}')]);
  });

  it("sends a batch larger than the mailbox in pieces, each once the reader took the one before", () => {
    const { writer, readAll, counts } = pair();
    // Characters of 2, 3 and 4 bytes, so that pieces end inside a character.
    const envelope = JSON.stringify({ ok: true, data: "é 雪 🙂 ".repeat(40_000) });
    expect(envelope.length).toBeGreaterThan(4 * MAILBOX_BYTES);
    writer.post(replies(1, envelope));
    const received: MailboxMessage[] = [];
    let pieces = 0;
    for (; received.length === 0 && pieces < 1000; pieces++) {
      received.push(...readAll());
      // The reader said it took a piece: the host's event loop would now call `taken`.
      writer.taken();
    }
    expect(received).toEqual([replies(1, envelope)]);
    expect(pieces).toBeGreaterThan(4);
    expect(counts().words).toBe(pieces - 1);
  });

  it("writes what finds no room once the reader says it took what was there", () => {
    const { writer, readAll, counts } = pair();
    const first = replies(1, "a".repeat(MAILBOX_BYTES / 2));
    const second = replies(1, "b".repeat(MAILBOX_BYTES / 2));
    writer.post(first);
    writer.post(second);
    // The second fills the room left and waits for the rest: two writes, two wake-ups, no word yet.
    expect(counts()).toEqual({ wakes: 2, words: 0 });
    expect(readAll()).toEqual([first]);
    expect(counts().words).toBe(1);
    writer.taken();
    expect(readAll()).toEqual([second]);
    // Nothing more was waiting, so the reader said nothing more.
    expect(counts()).toEqual({ wakes: 3, words: 1 });
  });
});

describe("createMailboxReader", () => {
  it("gives a thread blocked in Atomics.wait every message, a large one in pieces, in order", async () => {
    const flags = createSharedFlags();
    const mailbox = new SharedArrayBuffer(MAILBOX_BYTES);
    const writer = createMailboxWriter(mailbox, flags.wake);
    const worker = startWorker(new URL("./__fixtures__/mailbox-echo-worker.ts", import.meta.url), {});
    const sent = [replies(1, "small"), replies(2, JSON.stringify({ data: "é 雪 🙂 ".repeat(30_000) })), replies(3, "after")];
    try {
      const received = new Promise<MailboxMessage[]>((resolve) => {
        const messages: MailboxMessage[] = [];
        worker.on("message", (message: MailboxMessage | MailboxTaken) => {
          if (message.type === "taken") return writer.taken();
          messages.push(message);
          if (messages.length === sent.length) resolve(messages);
        });
      });
      worker.postMessage({ signal: flags.buffer, mailbox });
      for (const message of sent) writer.post(message);
      expect(await received).toEqual(sent);
    } finally {
      await worker.terminate();
    }
  });
});
