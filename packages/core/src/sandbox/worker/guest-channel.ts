import type { CallBatch, ReplyBatch } from "../protocol.js";

/** What a run waiting on the host gets back: the replies that arrived, or why it must stop. */
export type WaitResult = ReplyBatch["replies"] | "timeout" | "cancelled";

/** What a run waits for: replies to its calls, until its deadline. */
export interface WaitFor {
  runId: number;
  deadline: number;
}

/** A run's loop as steps: it yields each wait on the host and is resumed with what the wait gave. */
export type RunSteps<T> = Generator<WaitFor, T, WaitResult>;

/**
 * How a run talks to its host. A worker thread's channel blocks in `wait`; the channel of a run on the host's own
 * thread returns a promise (`Wait` is then `Promise<WaitResult>`).
 */
export interface GuestChannel<Wait = WaitResult> {
  send(batch: CallBatch): void;
  /**
   * Gives the replies for the run once they arrive, or says the deadline passed or the host cancelled the run; while
   * the host holds the run for an approval the deadline moves on by the time held.
   */
  wait(runId: number, deadline: number): Wait;
  isCancelled(runId: number): boolean;
  /** Milliseconds the run has been held for approvals so far; its deadline moves on by as much. */
  heldMs?(runId: number): number;
}

/** Why the worker stopped a run from outside the script. */
export type StopReason = "timeout" | "cancelled" | "host-calls" | "diverged";
