import type { CallBatch, ReplyBatch } from "../protocol.js";

/** How a run talks to the host while it is blocked in the worker. */
export interface GuestChannel {
  send(batch: CallBatch): void;
  /**
   * Blocks until replies for the run arrive, the deadline passes or the host cancels the run; while the host holds
   * the run for an approval the deadline moves on by the time held.
   */
  wait(runId: number, deadline: number): ReplyBatch["replies"] | "timeout" | "cancelled";
  isCancelled(runId: number): boolean;
  /** Milliseconds the run has been held for approvals so far; its deadline moves on by as much. */
  heldMs?(runId: number): number;
}

/** Why the worker stopped a run from outside the script. */
export type StopReason = "timeout" | "cancelled" | "host-calls" | "diverged";
