import { MessageChannel, type MessagePort, type Worker } from "node:worker_threads";
import type { ExecutionErrorKind } from "../code-mode/execution-result.js";
import { compileQuickJSModule, memoryPages } from "./quickjs-module.js";
import { SIGNAL, type CallBatch, type ReplyBatch, type RunOutcome, type RunRequest, type WorkerMessage } from "./protocol.js";
import { sandboxWorkerUrl, startWorker } from "./start-worker.js";

/** How long past its deadline (or a cancel) a run may take before its worker thread is terminated. */
export const HARD_STOP_GRACE_MS = 250;

/** Options of {@link createWorkerPool}, fixed for the pool's life. */
export interface WorkerPoolOptions {
  size: number;
  memoryBytes: number;
  maxStackBytes: number;
  /** Guest JavaScript evaluating to `(value) => string`; see the serializer folder. */
  serializerSource: string;
}

/** One run handed to the pool. */
export interface PoolJob {
  request: Omit<RunRequest, "type" | "id">;
  /** Receives the worker's call batches; `reply` sends envelopes back while the run lasts. */
  onCalls(batch: CallBatch, reply: (replies: ReplyBatch["replies"]) => void): void;
  signal?: AbortSignal | undefined;
}

/** Worker threads that run scripts, started on demand up to `size` and replaced when one must retire. */
export interface WorkerPool {
  /** Runs a job; resolves with the outcome, whatever the script did. */
  run(job: PoolJob): Promise<RunOutcome>;
  close(): Promise<void>;
}

interface Slot {
  worker: Worker;
  replyPort: MessagePort;
  flags: Int32Array;
  ready: boolean;
  active: Active | null;
}

interface Active {
  id: number;
  job: PoolJob;
  resolve: (outcome: RunOutcome) => void;
  timer?: NodeJS.Timeout;
  slot?: Slot;
  onAbort?: () => void;
}

let runSequence = 0;

/** Creates a pool of sandbox workers; no thread starts until the first run. */
export function createWorkerPool(options: WorkerPoolOptions): WorkerPool {
  const slots = new Set<Slot>();
  const queue: Active[] = [];
  const pages = memoryPages(options.memoryBytes);
  // Deep recursion must hit QuickJS's own limit long before V8's stack of the worker thread (see NOTES.md).
  const stackSizeMb = Math.max(16, Math.ceil((32 * options.maxStackBytes) / (1024 * 1024)));
  let closed = false;

  const settle = (active: Active, outcome: RunOutcome) => {
    clearTimeout(active.timer);
    if (active.onAbort) active.job.signal?.removeEventListener("abort", active.onAbort);
    if (active.slot) active.slot.active = null;
    active.resolve(outcome);
  };

  const remove = (slot: Slot, kind: ExecutionErrorKind | null, message: string) => {
    if (!slots.delete(slot)) return;
    slot.replyPort.close();
    void slot.worker.terminate();
    if (slot.active) settle(slot.active, stoppedOutcome(kind ?? "InternalError", message));
    dispatch();
  };

  const spawn = () => {
    const worker = startWorker(sandboxWorkerUrl(), { stackSizeMb });
    const { port1, port2 } = new MessageChannel();
    const signal = new SharedArrayBuffer(8);
    const slot: Slot = { worker, replyPort: port1, flags: new Int32Array(signal), ready: false, active: null };
    slots.add(slot);
    worker.unref();
    compileQuickJSModule().then(
      (wasmModule) => {
        const init = { type: "init", wasmModule, ...pages, signal, replyPort: port2, serializerSource: options.serializerSource };
        worker.postMessage(init, [port2]);
      },
      () => remove(slot, "InternalError", "The sandbox engine could not be loaded."),
    );
    worker.on("message", (message: WorkerMessage) => onMessage(slot, message));
    worker.on("error", () => onFailure(slot));
    worker.on("exit", () => onFailure(slot));
  };

  const onFailure = (slot: Slot) => {
    if (!slots.has(slot)) return;
    const starting = !slot.ready;
    remove(slot, "InternalError", "The sandbox worker stopped unexpectedly.");
    // A worker that cannot even start would be replaced forever: fail what waits instead.
    if (starting && ![...slots].some((other) => other.ready)) {
      for (const active of queue.splice(0)) settle(active, stoppedOutcome("InternalError", "The sandbox could not start."));
    }
  };

  const onMessage = (slot: Slot, message: WorkerMessage) => {
    if (message.type === "ready") {
      slot.ready = true;
      dispatch();
      return;
    }
    const active = slot.active;
    if (!active || active.id !== message.id) return;
    if (message.type === "calls") {
      active.job.onCalls(message, (replies) => reply(slot, active, replies));
      return;
    }
    settle(active, message.outcome);
    slot.worker.unref();
    if (message.retire) remove(slot, null, "");
    else dispatch();
  };

  const reply = (slot: Slot, active: Active, replies: ReplyBatch["replies"]) => {
    if (slot.active !== active) return;
    slot.replyPort.postMessage({ type: "replies", id: active.id, replies } satisfies ReplyBatch);
    Atomics.add(slot.flags, SIGNAL.wake, 1);
    Atomics.notify(slot.flags, SIGNAL.wake);
  };

  const start = (slot: Slot, active: Active) => {
    slot.active = active;
    active.slot = slot;
    slot.worker.ref();
    slot.worker.postMessage({ type: "run", id: active.id, ...active.job.request } satisfies RunRequest);
    const timeoutMs = active.job.request.limits.timeoutMs;
    active.timer = setTimeout(
      () => remove(slot, "TimeoutExceeded", `Script ran past its ${timeoutMs} ms deadline.`),
      timeoutMs + HARD_STOP_GRACE_MS,
    );
  };

  const dispatch = () => {
    if (closed) return;
    while (queue.length > 0) {
      const idle = [...slots].find((slot) => slot.ready && slot.active === null);
      if (!idle) break;
      start(idle, queue.shift()!);
    }
    const starting = [...slots].filter((slot) => !slot.ready).length;
    for (let missing = Math.min(queue.length - starting, options.size - slots.size); missing > 0; missing--) spawn();
  };

  const cancel = (active: Active) => {
    const slot = active.slot;
    if (!slot) {
      queue.splice(queue.indexOf(active), 1);
      settle(active, stoppedOutcome("Cancelled", "The execution was cancelled."));
      return;
    }
    Atomics.store(slot.flags, SIGNAL.cancel, active.id);
    Atomics.add(slot.flags, SIGNAL.wake, 1);
    Atomics.notify(slot.flags, SIGNAL.wake);
    clearTimeout(active.timer);
    active.timer = setTimeout(() => remove(slot, "Cancelled", "The execution was cancelled."), HARD_STOP_GRACE_MS);
  };

  return {
    run(job) {
      if (closed) return Promise.resolve(stoppedOutcome("Cancelled", "The code mode was closed."));
      return new Promise<RunOutcome>((resolve) => {
        const active: Active = { id: ++runSequence, job, resolve };
        if (job.signal?.aborted) {
          resolve(stoppedOutcome("Cancelled", "The execution was cancelled."));
          return;
        }
        if (job.signal) {
          active.onAbort = () => cancel(active);
          job.signal.addEventListener("abort", active.onAbort, { once: true });
        }
        queue.push(active);
        dispatch();
      });
    },
    async close() {
      closed = true;
      for (const active of queue.splice(0)) settle(active, stoppedOutcome("Cancelled", "The code mode was closed."));
      const stopping = [...slots].map((slot) => {
        slots.delete(slot);
        slot.replyPort.close();
        if (slot.active) settle(slot.active, stoppedOutcome("Cancelled", "The code mode was closed."));
        return slot.worker.terminate();
      });
      await Promise.all(stopping);
    },
  };
}

function stoppedOutcome(kind: ExecutionErrorKind, message: string): RunOutcome {
  return { resultJson: null, error: { kind, message, stack: null }, diagnostics: [], logs: [], unfinishedCalls: [] };
}
