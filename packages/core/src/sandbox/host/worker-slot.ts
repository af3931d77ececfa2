import { MessageChannel } from "node:worker_threads";
import { CANCELLED_RUNS, SIGNAL, SIGNAL_SLOTS, type ReplyBatch, type RunRequest, type WorkerInit, type WorkerMessage } from "../protocol.js";
import type { PoolRun, WorkerSlot } from "./pool-state.js";
import { compileQuickJSModule } from "./quickjs-module.js";
import { sandboxWorkerUrl, startWorker } from "./start-worker.js";

/** What {@link startWorkerSlot} starts a worker with, and whom it tells what the worker says. */
export interface StartWorkerSlotOptions {
  init: Pick<WorkerInit, "initialPages" | "maximumPages" | "serializerSource" | "sessions">;
  stackSizeMb: number;
  /** Whether the slot is still in the pool: one removed while the engine compiled gets no init. */
  isCurrent(slot: WorkerSlot): boolean;
  onMessage(slot: WorkerSlot, message: WorkerMessage): void;
  /** The worker failed to start, crashed or exited. */
  onFailure(slot: WorkerSlot): void;
}

/** Starts a sandbox worker thread and sends it the compiled engine; the worker says "ready" when it takes runs. */
export function startWorkerSlot(options: StartWorkerSlotOptions): WorkerSlot {
  const worker = startWorker(sandboxWorkerUrl(), { stackSizeMb: options.stackSizeMb });
  const { port1, port2 } = new MessageChannel();
  const signal = new SharedArrayBuffer(4 * SIGNAL_SLOTS);
  const slot: WorkerSlot = { worker, replyPort: port1, flags: new Int32Array(signal), cancels: 0, ready: false, runs: [] };
  worker.unref();
  compileQuickJSModule().then(
    (wasmModule) => {
      // Closed or removed while the module compiled: its reply port is closed, so port2 cannot be transferred.
      if (!options.isCurrent(slot)) {
        port2.close();
        return;
      }
      const init: WorkerInit = { type: "init", wasmModule, ...options.init, signal, replyPort: port2 };
      try {
        worker.postMessage(init, [port2]);
      } catch {
        options.onFailure(slot);
      }
    },
    () => options.onFailure(slot),
  );
  worker.on("message", (message: WorkerMessage) => options.onMessage(slot, message));
  worker.on("error", () => options.onFailure(slot));
  worker.on("exit", () => options.onFailure(slot));
  return slot;
}

/** Bumps the worker's wake counter: a worker blocked in Atomics.wait (between runs, or awaiting replies) wakes. */
export function wake(slot: WorkerSlot): void {
  Atomics.add(slot.flags, SIGNAL.wake, 1);
  Atomics.notify(slot.flags, SIGNAL.wake);
}

/** Posts a run to the worker, with a wake-up: the worker sleeps in Atomics.wait between runs, not in its event loop. */
export function postRun(slot: WorkerSlot, run: PoolRun): void {
  slot.replyPort.postMessage({ type: "run", id: run.id, ...run.job.request } satisfies RunRequest);
  wake(slot);
}

/** Posts replies to the run's calls, with a wake-up. */
export function postReplies(slot: WorkerSlot, run: PoolRun, replies: ReplyBatch["replies"]): void {
  slot.replyPort.postMessage({ type: "replies", id: run.id, replies } satisfies ReplyBatch);
  wake(slot);
}

/** Sets the slot the worker reads before starting a run and while running one: a non-zero id names a run. */
export function signalRun(slot: WorkerSlot, flag: "cancel" | "held", runId: number): void {
  const at = flag === "held" ? SIGNAL.held : SIGNAL.cancel + (slot.cancels++ % CANCELLED_RUNS);
  Atomics.store(slot.flags, at, runId);
  wake(slot);
}
