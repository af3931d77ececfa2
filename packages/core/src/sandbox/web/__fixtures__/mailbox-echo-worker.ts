// A worker thread that blocks as a sandbox Web Worker does in a cross-origin isolated page: it sleeps in
// Atomics.wait on the wake counter and reads its mailbox, posting back each message it reads (and its word to the host).
import { parentPort } from "node:worker_threads";
import { SIGNAL } from "../../protocol.js";
import { createMailboxReader } from "../shared-mailbox.js";

parentPort!.once("message", ({ signal, mailbox }: { signal: SharedArrayBuffer; mailbox: SharedArrayBuffer }) => {
  const flags = new Int32Array(signal);
  const read = createMailboxReader(mailbox, (taken) => parentPort!.postMessage(taken));
  for (;;) {
    const seen = Atomics.load(flags, SIGNAL.wake);
    for (let message = read(); message; message = read()) parentPort!.postMessage(message);
    Atomics.wait(flags, SIGNAL.wake, seen);
  }
});
