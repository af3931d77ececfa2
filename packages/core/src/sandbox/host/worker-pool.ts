import { cancelledOutcome, failedOutcome } from "../../envelopes/index.js";
import { LIMIT_MESSAGES } from "../../errors/index.js";
import type { ReplyBatch, RunOutcome, RunRequest, WorkerMessage } from "../protocol.js";
import { type PoolJob, type PoolRun, type StartWorker, type WorkerSlot } from "./pool-state.js";
import { memoryPages } from "./quickjs-module.js";
import { createRunDeadlines } from "./run-deadlines.js";

/** Runs handed to one worker at once when every worker is busy: the next starts without waiting for a message. */
const RUNS_PER_WORKER = 4;

/** Options of {@link createWorkerPool}, fixed for the pool's life. */
export interface WorkerPoolOptions {
  size: number;
  memoryBytes: number;
  maxStackBytes: number;
  /** Guest JavaScript evaluating to `(value) => string`; see the serializer folder. */
  serializerSource: string;
  /** Workers that serve sessions: they make the session state piece ahead of each run, while they wait. */
  sessions?: true;
  /**
   * The most QuickJS stack a run gets, where the host cannot size a worker's own stack (Bun and Deno ignore
   * `resourceLimits.stackSizeMb`): deep recursion must meet QuickJS's limit before the thread's.
   */
  maxStackBytesCap?: number;
  /**
   * Called when a worker is taken out of the pool (stopped, crashed or retired), before the code awaiting its run
   * resumes: a session's state lived in that worker.
   */
  onWorkerLost?: () => void;
}

/** Workers that run scripts, started on demand up to `size` and replaced when one must retire. */
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
  /**
   * How many runs are running on a worker, and how many wait to start (in the queue or posted behind another); for Web
   * Workers, also the reply batches written to their shared memory (see CodeModeStats).
   */
  stats(): { running: number; queued: number; sharedMemoryReplies?: number };
  close(): Promise<void>;
}

let runSequence = 0;

/**
 * Creates a pool of sandbox workers, each started by `startWorker` (the platform's: a Node.js worker thread, a Web
 * Worker); no worker starts until the first run (or `warm`).
 */
export function createWorkerPool(options: WorkerPoolOptions & { startWorker: StartWorker }): WorkerPool {
  const slots = new Set<WorkerSlot>();
  const queue: PoolRun[] = [];
  const init = { ...memoryPages(options.memoryBytes), serializerSource: options.serializerSource, ...(options.sessions ? { sessions: true as const } : {}) };
  // Deep recursion must hit QuickJS's own limit long before V8's stack of the worker thread: 16 times its size.
  const stackSizeMb = Math.max(16, Math.ceil((32 * options.maxStackBytes) / (1024 * 1024)));
  const deadlines = createRunDeadlines((run, reason) => {
    const { timeoutMs } = run.job.request.limits;
    const outcome =
      reason === "cancel"
        ? cancelledOutcome()
        : failedOutcome("TimeoutExceeded", LIMIT_MESSAGES.timeout(timeoutMs));
    // Only while it is the run its worker is running: stopping the worker would otherwise fail the run after it.
    if (run.slot?.runs[0] === run) remove(run.slot, outcome);
  });
  let closed = false;

  const settle = (run: PoolRun, outcome: RunOutcome) => {
    if (run.settled) return;
    run.settled = true;
    deadlines.clear(run);
    if (run.onAbort) run.job.signal?.removeEventListener("abort", run.onAbort);
    run.resolve(outcome);
  };

  /**
   * Takes a worker out of the pool: its running run gets `outcome`, runs it had not started go back to the queue.
   * A null outcome means none of its runs has started.
   */
  const remove = (slot: WorkerSlot, outcome: RunOutcome | null) => {
    if (!slots.delete(slot)) return;
    options.onWorkerLost?.();
    void slot.link.terminate();
    const [running, ...rest] = slot.runs;
    const waiting = outcome === null ? slot.runs : rest;
    if (running && outcome !== null) settle(running, outcome);
    const requeued = waiting.filter((run) => !run.settled);
    for (const run of requeued) run.slot = undefined;
    queue.unshift(...requeued);
    slot.runs = [];
    dispatch();
  };

  const spawn = () => {
    const slot: WorkerSlot = {
      link: options.startWorker({
        init,
        stackSizeMb,
        isCurrent: () => slots.has(slot),
        onMessage: (message) => onMessage(slot, message),
        onFailure: () => onFailure(slot),
      }),
      ready: false,
      runs: [],
    };
    slots.add(slot);
  };

  const onFailure = (slot: WorkerSlot) => {
    if (!slots.has(slot)) return;
    const starting = !slot.ready;
    remove(slot, failedOutcome("InternalError", "The sandbox worker stopped unexpectedly."));
    // A worker that cannot even start would be replaced forever: fail what waits instead.
    if (starting && ![...slots].some((other) => other.ready)) {
      for (const run of queue.splice(0)) settle(run, failedOutcome("InternalError", "The sandbox could not start."));
    }
  };

  const onMessage = (slot: WorkerSlot, message: WorkerMessage) => {
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
      const returned = slot.runs.filter((run, index) => index > 0 && message.ids.includes(run.id));
      slot.runs = slot.runs.filter((run) => !returned.includes(run));
      for (const run of returned) run.slot = undefined;
      queue.unshift(...returned.filter((run) => !run.settled));
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
    // A run settled before it started (cancelled while posted) may still have run, under a deadline of its own.
    deadlines.clear(running);
    settle(running, message.outcome);
    // The next run posted to this worker started when this one ended.
    if (slot.runs[0]) deadlines.start(slot.runs[0]);
    else slot.link.keepAlive(false);
    if (message.retire) remove(slot, null);
    else dispatch();
  };

  const reply = (slot: WorkerSlot, run: PoolRun, replies: ReplyBatch["replies"]) => {
    if (slot.runs[0] !== run || run.settled) return;
    slot.link.post({ type: "replies", id: run.id, replies } satisfies ReplyBatch);
  };

  const hold = (slot: WorkerSlot, run: PoolRun, held: boolean) => {
    if (slot.runs[0] !== run || run.settled) return;
    if (deadlines.hold(run, held)) slot.link.signal("held", held ? run.id : 0);
  };

  const assign = (slot: WorkerSlot, run: PoolRun) => {
    run.slot = slot;
    slot.runs.push(run);
    if (slot.runs.length === 1) {
      slot.link.keepAlive(true);
      deadlines.start(run);
    }
    const { limits } = run.job.request;
    const maxStackBytes = Math.min(limits.maxStackBytes, options.maxStackBytesCap ?? Infinity);
    slot.link.post({ type: "run", id: run.id, ...run.job.request, limits: { ...limits, maxStackBytes } } satisfies RunRequest);
  };

  const dispatch = () => {
    if (closed) return;
    const ready = () => [...slots].filter((slot) => slot.ready);
    for (let idle = ready().find((slot) => slot.runs.length === 0); idle && queue.length > 0; ) {
      assign(idle, queue.shift()!);
      idle = ready().find((slot) => slot.runs.length === 0);
    }
    const startingBefore = slots.size - ready().length;
    for (let missing = Math.min(queue.length - startingBefore, options.size - slots.size); missing > 0; missing--) spawn();
    // Counted again: a worker just started takes a queued run once ready, rather than the run waiting behind a busy one.
    if (queue.length <= slots.size - ready().length) return;
    // Every worker is busy and no more may start: queue one more run on each, so it starts without a wake-up.
    for (const slot of ready().sort((left, right) => left.runs.length - right.runs.length)) {
      if (queue.length === 0 || slot.runs.length >= RUNS_PER_WORKER) break;
      // Not behind a run that waits for a person's approval: that may take minutes.
      if (slot.runs[0]?.hold?.held) continue;
      assign(slot, queue.shift()!);
    }
  };

  const cancel = (run: PoolRun) => {
    const slot = run.slot;
    if (!slot) {
      queue.splice(queue.indexOf(run), 1);
      settle(run, cancelledOutcome());
      return;
    }
    // The worker checks this slot before starting a run and while running one.
    run.cancelling = true;
    slot.link.signal("cancel", run.id);
    if (slot.runs[0] === run) deadlines.cancel(run);
    else settle(run, cancelledOutcome());
  };

  return {
    run(job) {
      if (closed) return Promise.resolve(failedOutcome("Cancelled", "The code mode was closed."));
      if (job.signal?.aborted) return Promise.resolve(cancelledOutcome());
      return new Promise<RunOutcome>((resolve) => {
        const run: PoolRun = { id: ++runSequence, job, resolve, settled: false };
        if (job.signal) {
          run.onAbort = () => cancel(run);
          job.signal.addEventListener("abort", run.onAbort, { once: true });
        }
        queue.push(run);
        dispatch();
      });
    },
    warm() {
      if (!closed && slots.size === 0) spawn();
    },
    expect() {
      if (closed || queue.length > 0) return;
      // The worker dispatch picks: the first ready one with nothing to run.
      [...slots].find((slot) => slot.ready && slot.runs.length === 0)?.link.soon();
    },
    stats() {
      let running = 0;
      let queued = queue.length;
      for (const slot of slots) {
        if (slot.runs.length > 0) running++;
        queued += Math.max(0, slot.runs.length - 1);
      }
      return { running, queued };
    },
    async close() {
      closed = true;
      deadlines.stop();
      const outcome = failedOutcome("Cancelled", "The code mode was closed.");
      for (const run of queue.splice(0)) settle(run, outcome);
      const stopping = [...slots].map((slot) => {
        slots.delete(slot);
        for (const run of slot.runs) settle(run, outcome);
        return slot.link.terminate();
      });
      await Promise.all(stopping);
    },
  };
}
