import { createHoldClock } from "./hold-clock.js";
import type { PoolRun } from "./pool-state.js";
import { createWatchdog } from "./watchdog.js";

/** How long past its deadline (or a cancel) a run may take before its worker thread is terminated. */
export const HARD_STOP_GRACE_MS = 250;

/**
 * The host's deadlines of running runs: each run's hard stop (its timeout, the grace and the time it was held for
 * approvals), and the grace a cancelled run gets. The worker enforces the soft deadline itself; these catch a worker
 * stuck in a long built-in call or never answering.
 */
export interface RunDeadlines {
  /** The run started on its worker: its hard-stop deadline runs from now. */
  start(run: PoolRun): void;
  /**
   * A run's calls start (`true`) or stop waiting for a person; while held its deadline is not enforced, and it moves
   * on by the time held. Returns false when the run already was in that state.
   */
  hold(run: PoolRun, held: boolean): boolean;
  /** The run was cancelled while running: it is stopped if it has not ended within the grace. */
  cancel(run: PoolRun): void;
  clear(run: PoolRun): void;
  stop(): void;
}

/** Creates the deadlines of a pool's runs; `onExpire` stops a run whose deadline (or cancel's grace) passed. */
export function createRunDeadlines(onExpire: (run: PoolRun, reason: "deadline" | "cancel") => void): RunDeadlines {
  // A resumed run's replay may take up to the earlier runs' own time on top of its deadline (creditMs).
  const deadlineOf = (run: PoolRun) => {
    const { limits, record } = run.job.request;
    return run.startedAt! + limits.timeoutMs + (record?.creditMs ?? 0) + HARD_STOP_GRACE_MS + (run.hold?.heldMs() ?? 0);
  };
  const watchdog = createWatchdog<PoolRun>((run, reason) => {
    if (reason !== "cancel" && run.hold) {
      // A person is slow, not the script: the deadline is set again when the hold ends.
      if (run.hold.held) return;
      const due = deadlineOf(run);
      if (due > Date.now()) return watchdog.set(run, due);
    }
    onExpire(run, reason === "cancel" ? "cancel" : "deadline");
  });
  return {
    start(run) {
      run.startedAt = Date.now();
      watchdog.set(run, deadlineOf(run));
    },
    hold(run, held) {
      run.hold ??= createHoldClock();
      if (!run.hold.set(held)) return false;
      if (!held && !run.cancelling) watchdog.set(run, deadlineOf(run));
      return true;
    },
    cancel(run) {
      watchdog.set(run, Date.now() + HARD_STOP_GRACE_MS, "cancel");
    },
    clear: (run) => watchdog.clear(run),
    stop: () => watchdog.stop(),
  };
}
