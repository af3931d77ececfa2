import type { MessagePort, Worker } from "node:worker_threads";
import type { CallBatch, ReplyBatch, RunOutcome, RunRequest } from "../protocol.js";
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

/** One worker thread of the pool and what the host keeps about it. */
export interface WorkerSlot {
  worker: Worker;
  replyPort: MessagePort;
  flags: Int32Array;
  /** Cancels signalled so far: the next one goes in the slot after the last one's. */
  cancels: number;
  ready: boolean;
  /** Runs posted to this worker, in order; the first one is running. */
  runs: PoolRun[];
}

