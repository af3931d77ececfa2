import type { WorkerInit, WorkerMessage } from "../protocol.js";
import { createSharedFlags, type StartWorker, type WorkerLink } from "../host/index.js";
import { createMailboxWriter, MAILBOX_BYTES, type MailboxTaken } from "./shared-mailbox.js";

/** A message only the Web Worker reads, without shared memory: a flag changed. */
export interface SignalMessage {
  type: "signal";
  flag: "cancel" | "held";
  runId: number;
}

/** Sandbox Web Workers of one pool, and how their replies reached them. */
export interface WebWorkerStarter {
  start: StartWorker;
  /** Reply batches written to the workers' shared memory so far (0 in a page that is not cross-origin isolated). */
  sharedMemoryReplies(): number;
}

/**
 * Starts sandbox Web Workers (browsers). In a cross-origin isolated page a worker runs as a worker thread does: it
 * blocks in Atomics.wait on shared flags, and the host writes runs and replies into its shared mailbox and wakes it.
 * Elsewhere the host posts them as messages, which the worker awaits between the steps of its run loop. Either way
 * the pool terminates the worker when a run passes its deadline and the grace, whatever the script is doing.
 */
export function createWebWorkerStarter(engineModule: () => Promise<WebAssembly.Module>): WebWorkerStarter {
  let sharedMemoryReplies = 0;
  const start: StartWorker = (options) => {
    // Written as bundlers look for it (Vite, webpack): the worker is built as a chunk of its own.
    const worker = new Worker!(new URL("./sandbox-web-worker.js", import.meta.url), { type: "module" });
    const isolated = (globalThis as { crossOriginIsolated?: boolean }).crossOriginIsolated === true;
    const flags = isolated ? createSharedFlags() : undefined;
    const mailbox = flags ? new SharedArrayBuffer(MAILBOX_BYTES) : undefined;
    const writer = flags && mailbox ? createMailboxWriter(mailbox, flags.wake) : undefined;
    engineModule().then(
      (wasmModule) => {
        if (!options.isCurrent()) return;
        const init: WorkerInit = { type: "init", wasmModule, ...options.init, ...(flags ? { signal: flags.buffer, mailbox } : {}) };
        worker.postMessage(init);
      },
      () => options.onFailure(),
    );
    worker.onmessage = (event) => {
      const message = event.data as WorkerMessage | MailboxTaken;
      if (message.type === "taken") writer?.taken();
      else options.onMessage(message);
    };
    worker.onerror = () => options.onFailure();
    worker.onmessageerror = () => options.onFailure();
    const link: WorkerLink = {
      post(message) {
        if (!writer) return worker.postMessage(message);
        if (message.type === "replies") sharedMemoryReplies++;
        writer.post(message);
      },
      signal(flag, runId) {
        if (flags) flags.signal(flag, runId);
        else worker.postMessage({ type: "signal", flag, runId } satisfies SignalMessage);
      },
      // Without shared memory an idle Web Worker waits in its event loop: there is nothing to wake ahead of a run.
      soon: () => flags?.soon() ?? false,
      terminate() {
        worker.terminate();
        return Promise.resolve();
      },
      // A page's workers never hold anything open.
      keepAlive() {},
    };
    return link;
  };
  return { start, sharedMemoryReplies: () => sharedMemoryReplies };
}
