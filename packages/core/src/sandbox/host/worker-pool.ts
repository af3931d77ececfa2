import { MessageChannel, type MessagePort, type Worker } from "node:worker_threads";
import type { ExecutionErrorKind } from "../../envelopes/index.js";
import { createHoldClock, type HoldClock } from "./hold-clock.js";
import { compileQuickJSModule, memoryPages } from "./quickjs-module.js";
import { SIGNAL, type CallBatch, type ReplyBatch, type RunOutcome, type RunRequest, type WorkerMessage } from "../protocol.js";
import { sandboxWorkerUrl, startWorker } from "./start-worker.js";
import { createWatchdog } from "./watchdog.js";

/** How long past its deadline (or a cancel) a run may take before its worker thread is terminated. */
export const HARD_STOP_GRACE_MS = 250;

/** Runs handed to one worker at once when every worker is busy: the next starts without waiting for a message. */
const RUNS_PER_WORKER = 4;

/** Options of {@link createWorkerPool}, fixed for the pool's life. */
export interface WorkerPoolOptions {
  size: number;
  memoryBytes: number;
  maxStackBytes: number;
  /** Guest JavaScript evaluating to `(value) => string`; see the serializer folder. */
  serializerSource: string;
  /**
   * Called when a worker is taken out of the pool (stopped, crashed or retired), before the code awaiting its run
   * resumes: a session's state lived in that worker.
   */
  onWorkerLost?: () => void;
}

/** One run handed to the pool. */
export interface PoolJob {
  request: Omit<RunRequest, "type" | "id">;
  /**
   * Receives the worker's call batches; `reply` sends envelopes back while the run lasts, and `hold` says when calls
   * start (`true`) and stop (`false`) waiting for a person, time that neither deadline of the run counts.
   */
  onCalls(batch: CallBatch, reply: (replies: ReplyBatch["replies"]) => void, hold: (held: boolean) => void): void;
  signal?: AbortSignal | undefined;
}

/** Worker threads that run scripts, started on demand up to `size` and replaced when one must retire. */
export interface WorkerPool {
  /** Runs a job; resolves with the outcome, whatever the script did. */
  run(job: PoolJob): Promise<RunOutcome>;
  /** Starts the first worker ahead of the first run. */
  warm(): void;
  /**
   * Says a run is about to be submitted: wakes the idle worker that would take it, so its thread's wake-up overlaps
   * the caller's preparation of the run. Does nothing when no worker is idle.
   */
  expect(): void;
  close(): Promise<void>;
}

interface Slot {
  worker: Worker;
  replyPort: MessagePort;
  flags: Int32Array;
  ready: boolean;
  /** Runs posted to this worker, in order; the first one is running. */
  runs: Active[];
}

interface Active {
  id: number;
  job: PoolJob;
  resolve: (outcome: RunOutcome) => void;
  settled: boolean;
  slot?: Slot | undefined;
  onAbort?: () => void;
  /** When the run started on its worker, for its hard-stop deadline. */
  startedAt?: number;
  /** Time the run spent waiting for approvals, made on its first hold. */
  hold?: HoldClock;
  cancelling?: boolean;
}

let runSequence = 0;

/** Creates a pool of sandbox workers; no thread starts until the first run (or `warm`). */
export function createWorkerPool(options: WorkerPoolOptions): WorkerPool {
  const slots = new Set<Slot>();
  const queue: Active[] = [];
  const pages = memoryPages(options.memoryBytes);
  // Deep recursion must hit QuickJS's own limit long before V8's stack of the worker thread (see NOTES.md).
  const stackSizeMb = Math.max(16, Math.ceil((32 * options.maxStackBytes) / (1024 * 1024)));
  const watchdog = createWatchdog<Active>((active, reason) => {
    if (reason !== "cancel" && active.hold) {
      // A person is slow, not the script: the deadline is set again when the hold ends.
      if (active.hold.held) return;
      const due = deadlineOf(active);
      if (due > Date.now()) return watchdog.set(active, due);
    }
    const { timeoutMs } = active.job.request.limits;
    const outcome =
      reason === "cancel"
        ? stoppedOutcome("Cancelled", "The execution was cancelled.")
        : stoppedOutcome("TimeoutExceeded", `Script ran past its ${timeoutMs} ms deadline.`);
    if (active.slot) remove(active.slot, outcome);
  });
  let closed = false;

  const settle = (active: Active, outcome: RunOutcome) => {
    if (active.settled) return;
    active.settled = true;
    watchdog.clear(active);
    if (active.onAbort) active.job.signal?.removeEventListener("abort", active.onAbort);
    active.resolve(outcome);
  };

  const deadlineOf = (active: Active) =>
    active.startedAt! + active.job.request.limits.timeoutMs + HARD_STOP_GRACE_MS + (active.hold?.heldMs() ?? 0);

  const startClock = (active: Active) => {
    active.startedAt = Date.now();
    watchdog.set(active, deadlineOf(active));
  };

  /**
   * Takes a worker out of the pool: its running run gets `outcome`, runs it had not started go back to the queue.
   * A null outcome means none of its runs has started.
   */
  const remove = (slot: Slot, outcome: RunOutcome | null) => {
    if (!slots.delete(slot)) return;
    options.onWorkerLost?.();
    slot.replyPort.close();
    void slot.worker.terminate();
    const [running, ...rest] = slot.runs;
    const waiting = outcome === null ? slot.runs : rest;
    if (running && outcome !== null) settle(running, outcome);
    const requeued = waiting.filter((active) => !active.settled);
    for (const active of requeued) active.slot = undefined;
    queue.unshift(...requeued);
    slot.runs = [];
    dispatch();
  };

  const spawn = () => {
    const worker = startWorker(sandboxWorkerUrl(), { stackSizeMb });
    const { port1, port2 } = new MessageChannel();
    const signal = new SharedArrayBuffer(4 * 4);
    const slot: Slot = { worker, replyPort: port1, flags: new Int32Array(signal), ready: false, runs: [] };
    slots.add(slot);
    worker.unref();
    compileQuickJSModule().then(
      (wasmModule) => {
        // Closed or removed while the module compiled: its reply port is closed, so port2 cannot be transferred.
        if (!slots.has(slot)) {
          port2.close();
          return;
        }
        const init = { type: "init", wasmModule, ...pages, signal, replyPort: port2, serializerSource: options.serializerSource };
        try {
          worker.postMessage(init, [port2]);
        } catch {
          onFailure(slot);
        }
      },
      () => onFailure(slot),
    );
    worker.on("message", (message: WorkerMessage) => onMessage(slot, message));
    worker.on("error", () => onFailure(slot));
    worker.on("exit", () => onFailure(slot));
  };

  const onFailure = (slot: Slot) => {
    if (!slots.has(slot)) return;
    const starting = !slot.ready;
    remove(slot, stoppedOutcome("InternalError", "The sandbox worker stopped unexpectedly."));
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
    if (message.type === "retired") {
      // It failed tearing down a run it already reported: the runs posted after that one never started.
      remove(slot, null);
      return;
    }
    if (message.type === "returned") {
      // Runs queued behind a run that waits for a person: they go back to the front of the queue, in order.
      const returned = slot.runs.filter((active, index) => index > 0 && message.ids.includes(active.id));
      slot.runs = slot.runs.filter((active) => !returned.includes(active));
      for (const active of returned) active.slot = undefined;
      queue.unshift(...returned.filter((active) => !active.settled));
      dispatch();
      return;
    }
    const running = slot.runs[0];
    if (!running || running.id !== message.id) return;
    if (message.type === "calls") {
      if (!running.settled) {
        running.job.onCalls(message, (replies) => reply(slot, running, replies), (held) => hold(slot, running, held));
      }
      return;
    }
    slot.runs.shift();
    settle(running, message.outcome);
    // The next run posted to this worker started when this one ended.
    if (slot.runs[0]) startClock(slot.runs[0]);
    else slot.worker.unref();
    if (message.retire) remove(slot, null);
    else dispatch();
  };

  const reply = (slot: Slot, active: Active, replies: ReplyBatch["replies"]) => {
    if (slot.runs[0] !== active || active.settled) return;
    slot.replyPort.postMessage({ type: "replies", id: active.id, replies } satisfies ReplyBatch);
    wake(slot);
  };

  const hold = (slot: Slot, active: Active, held: boolean) => {
    if (slot.runs[0] !== active || active.settled) return;
    active.hold ??= createHoldClock();
    if (!active.hold.set(held)) return;
    Atomics.store(slot.flags, SIGNAL.held, held ? active.id : 0);
    wake(slot);
    if (!held && !active.cancelling) watchdog.set(active, deadlineOf(active));
  };

  const wake = (slot: Slot) => {
    Atomics.add(slot.flags, SIGNAL.wake, 1);
    Atomics.notify(slot.flags, SIGNAL.wake);
  };

  const assign = (slot: Slot, active: Active) => {
    active.slot = slot;
    slot.runs.push(active);
    if (slot.runs.length === 1) {
      slot.worker.ref();
      startClock(active);
    }
    // On the reply port, with a wake-up: the worker sleeps in Atomics.wait between runs, not in its event loop.
    slot.replyPort.postMessage({ type: "run", id: active.id, ...active.job.request } satisfies RunRequest);
    wake(slot);
  };

  const dispatch = () => {
    if (closed) return;
    const ready = () => [...slots].filter((slot) => slot.ready);
    for (let idle = ready().find((slot) => slot.runs.length === 0); idle && queue.length > 0; ) {
      assign(idle, queue.shift()!);
      idle = ready().find((slot) => slot.runs.length === 0);
    }
    const starting = slots.size - ready().length;
    for (let missing = Math.min(queue.length - starting, options.size - slots.size); missing > 0; missing--) spawn();
    if (queue.length <= starting) return;
    // Every worker is busy and no more may start: queue one more run on each, so it starts without a wake-up.
    for (const slot of ready().sort((left, right) => left.runs.length - right.runs.length)) {
      if (queue.length === 0 || slot.runs.length >= RUNS_PER_WORKER) break;
      // Not behind a run that waits for a person's approval: that may take minutes.
      if (slot.runs[0]?.hold?.held) continue;
      assign(slot, queue.shift()!);
    }
  };

  const cancel = (active: Active) => {
    const slot = active.slot;
    if (!slot) {
      queue.splice(queue.indexOf(active), 1);
      settle(active, stoppedOutcome("Cancelled", "The execution was cancelled."));
      return;
    }
    // The worker checks this slot before starting a run and while running one.
    active.cancelling = true;
    Atomics.store(slot.flags, SIGNAL.cancel, active.id);
    wake(slot);
    if (slot.runs[0] === active) watchdog.set(active, Date.now() + HARD_STOP_GRACE_MS, "cancel");
    else settle(active, stoppedOutcome("Cancelled", "The execution was cancelled."));
  };

  return {
    run(job) {
      if (closed) return Promise.resolve(stoppedOutcome("Cancelled", "The code mode was closed."));
      if (job.signal?.aborted) return Promise.resolve(stoppedOutcome("Cancelled", "The execution was cancelled."));
      return new Promise<RunOutcome>((resolve) => {
        const active: Active = { id: ++runSequence, job, resolve, settled: false };
        if (job.signal) {
          active.onAbort = () => cancel(active);
          job.signal.addEventListener("abort", active.onAbort, { once: true });
        }
        queue.push(active);
        dispatch();
      });
    },
    warm() {
      if (!closed && slots.size === 0) spawn();
    },
    expect() {
      if (closed || queue.length > 0) return;
      // The worker dispatch picks: the first ready one with nothing to run.
      const idle = [...slots].find((slot) => slot.ready && slot.runs.length === 0);
      // Still set: the worker has not woken to it yet, so a burst of executions wakes it once.
      if (!idle || Atomics.compareExchange(idle.flags, SIGNAL.soon, 0, 1) === 1) return;
      wake(idle);
    },
    async close() {
      closed = true;
      watchdog.stop();
      const outcome = stoppedOutcome("Cancelled", "The code mode was closed.");
      for (const active of queue.splice(0)) settle(active, outcome);
      const stopping = [...slots].map((slot) => {
        slots.delete(slot);
        slot.replyPort.close();
        for (const active of slot.runs) settle(active, outcome);
        return slot.worker.terminate();
      });
      await Promise.all(stopping);
    },
  };
}

function stoppedOutcome(kind: ExecutionErrorKind, message: string): RunOutcome {
  return { resultJson: null, error: { kind, message, stack: null }, diagnostics: [], logs: [], unfinishedCalls: [] };
}
