import type { CallBatch, ReplyBatch, RunOutcome, RunRequest, WorkerInit, WorkerMessage } from "../protocol.js";
import type { HoldClock } from "./hold-clock.js";

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

/** A job inside the pool, from its submission until it settles. */
export interface PoolRun {
  id: number;
  job: PoolJob;
  resolve: (outcome: RunOutcome) => void;
  settled: boolean;
  /** The worker it was posted to; undefined while it waits in the queue. */
  slot?: WorkerSlot | undefined;
  onAbort?: () => void;
  /** When the run started on its worker, for its hard-stop deadline. */
  startedAt?: number;
  /** Time the run spent waiting for approvals, made on its first hold. */
  hold?: HoldClock;
  cancelling?: boolean;
}

/**
 * The host's end of one worker: a Node.js worker thread (worker-slot.ts) or a browser's Web Worker (sandbox/web/).
 * Each wakes its worker as it can: a shared counter the worker waits on, or a message.
 */
export interface WorkerLink {
  /** Posts a run or the replies to a run's calls. */
  post(message: RunRequest | ReplyBatch): void;
  /** Sets what the worker checks before and while it runs a run (a non-zero id names the run), and wakes it. */
  signal(flag: "cancel" | "held", runId: number): void;
  /** Wakes an idle worker ahead of a run that is coming (SIGNAL.soon); false when it was told already or cannot be. */
  soon(): boolean;
  /** Stops the worker at once, whatever it is doing; resolves once it has stopped. */
  terminate(): Promise<unknown>;
  /** Whether the worker keeps the host process alive: only while it has runs (Node.js). */
  keepAlive(alive: boolean): void;
}

/** How the pool starts one worker: the link, and whom it tells what the worker says. */
export interface StartWorkerOptions {
  init: Pick<WorkerInit, "initialPages" | "maximumPages" | "serializerSource" | "sessions">;
  stackSizeMb: number;
  /** Whether the worker is still in the pool: one removed while the engine compiled gets no init. */
  isCurrent(): boolean;
  onMessage(message: WorkerMessage): void;
  /** The worker failed to start, crashed or exited. */
  onFailure(): void;
}

/** Starts a worker of the runtime's kind; it says "ready" when it takes runs. */
export type StartWorker = (options: StartWorkerOptions) => WorkerLink;

/** One worker of the pool and what the host keeps about it. */
export interface WorkerSlot {
  link: WorkerLink;
  ready: boolean;
  /** Runs posted to this worker, in order; the first one is running. */
  runs: PoolRun[];
}

