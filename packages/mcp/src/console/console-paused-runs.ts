import type { PendingCall } from "@codemode/core";

/** A run started in the console that paused for a person's approval, kept until someone decides. */
export interface ConsolePausedRun {
  id: string;
  code: string;
  continuation: string;
  pending: PendingCall[];
  pausedAt: string;
  /** When its continuation can no longer be resumed (ms since the epoch). */
  expiresAt: number;
}

/**
 * The console's paused runs, by owner: the approvals page lists them, and a decision takes one (once: two decisions
 * at once find it for one of them only). In a cluster they live in Redis, so any replica shows and resumes them.
 */
export interface ConsolePausedRuns {
  add(owner: string, run: ConsolePausedRun): Promise<void>;
  /** The owner's runs that can still be resumed, newest first. */
  list(owner: string): Promise<ConsolePausedRun[]>;
  /** Removes and returns one run of the owner; undefined when it is gone, expired or another owner's. */
  take(owner: string, id: string): Promise<ConsolePausedRun | undefined>;
}

/** The console's paused runs in this process's memory. */
export function createMemoryConsolePausedRuns(): ConsolePausedRuns {
  const byOwner = new Map<string, Map<string, ConsolePausedRun>>();
  const runsOf = (owner: string) => {
    const runs = byOwner.get(owner) ?? new Map<string, ConsolePausedRun>();
    for (const [id, run] of runs) if (run.expiresAt <= Date.now()) runs.delete(id);
    return runs;
  };
  return {
    async add(owner, run) {
      const runs = runsOf(owner);
      runs.set(run.id, run);
      byOwner.set(owner, runs);
    },
    list: async (owner) => [...runsOf(owner).values()].reverse(),
    async take(owner, id) {
      const runs = runsOf(owner);
      const run = runs.get(id);
      runs.delete(id);
      return run;
    },
  };
}
