import { CANCELLED_RUNS, SIGNAL, SIGNAL_SLOTS } from "../protocol.js";
import type { WorkerLink } from "./pool-state.js";

/** The host's end of a worker's shared flags (SIGNAL): the buffer to send it, and the link's ways to wake it. */
export interface SharedFlags extends Pick<WorkerLink, "signal" | "soon"> {
  buffer: SharedArrayBuffer;
  /** Bumps the wake counter, after posting a run or replies, so a worker blocked in Atomics.wait wakes. */
  wake(): void;
}

/** Creates a worker's shared flags, for a worker that blocks in Atomics.wait (see serveBlocking). */
export function createSharedFlags(): SharedFlags {
  const buffer = new SharedArrayBuffer(4 * SIGNAL_SLOTS);
  const flags = new Int32Array(buffer);
  // Cancels signalled so far: the next one goes in the slot after the last one's.
  let cancels = 0;
  const wake = () => {
    Atomics.add(flags, SIGNAL.wake, 1);
    Atomics.notify(flags, SIGNAL.wake);
  };
  return {
    buffer,
    wake,
    signal(flag, runId) {
      const at = flag === "held" ? SIGNAL.held : SIGNAL.cancel + (cancels++ % CANCELLED_RUNS);
      Atomics.store(flags, at, runId);
      wake();
    },
    soon() {
      // Still set: the worker has not woken to it yet, so a burst of executions wakes it once.
      if (Atomics.compareExchange(flags, SIGNAL.soon, 0, 1) === 1) return false;
      wake();
      return true;
    },
  };
}
