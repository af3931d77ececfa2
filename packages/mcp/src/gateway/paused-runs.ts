import { randomUUID } from "node:crypto";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import type { ApprovalDecision, ApprovalRequest } from "@codemode/core";

/** One approval a paused run waits for, under the key its input request carries. */
export interface PendingApproval {
  key: string;
  request: ApprovalRequest;
}

/** Where a run stands when its caller's request must be answered: finished, or waiting for approvals. */
export type RunProgress = { done: CallToolResult } | { waiting: PendingApproval[] };

/** The request that currently waits on a run: its cancellation stops the run, and progress goes to it. */
export interface RunRound {
  signal: AbortSignal;
  reportProgress?: (progress: number, message: string) => void;
}

/** What a run is started with: how to ask for approval, its own signal, and where to report progress. */
export interface RunHooks {
  askApproval: (request: ApprovalRequest) => Promise<ApprovalDecision>;
  signal: AbortSignal;
  reportProgress: (progress: number, message: string) => void;
}

/** An execution that outlives the request that started it, while its caller is asked for approvals. */
export interface PausedRun {
  readonly id: string;
  /** The caller that started it; only that caller may resume it. */
  readonly owner: string;
  /** Waits, for one request, until the run finishes or asks for at least one approval that has no answer yet. */
  next(round: RunRound): Promise<RunProgress>;
  /** Answers one pending approval; unknown keys are ignored. */
  answer(key: string, decision: ApprovalDecision): void;
}

/** The runs of this process that wait for their caller (see {@link createPausedRuns}). */
export interface PausedRuns {
  /** Starts `run` with its hooks: its `askApproval` pauses it until the caller answers. */
  start(owner: string, run: (hooks: RunHooks) => Promise<CallToolResult>): PausedRun;
  /** The run with this id, when it is still here and belongs to `owner`. */
  get(id: string, owner: string): PausedRun | undefined;
}

// A finished run is kept this long for a retry that is still on its way, then dropped.
const KEEP_FINISHED_MS = 60_000;

/**
 * Keeps the executions that paused for approval in this process, so a 2026-07-28 client can answer by retrying the
 * request. A run is never held by the requests themselves: its wait for an answer ends at the core's
 * `approvalTimeoutMs` (the call then fails with `timeout`) whether or not the client comes back.
 */
export function createPausedRuns(): PausedRuns {
  const runs = new Map<string, PausedRun>();

  function start(owner: string, run: Parameters<PausedRuns["start"]>[1]): PausedRun {
    const id = randomUUID();
    const pending = new Map<string, PendingApproval & { resolve: (decision: ApprovalDecision) => void }>();
    let wake: () => void = () => undefined;
    let round: RunRound | undefined;
    // The run belongs to no single request, so it has its own signal; the request waiting on it may cancel it.
    const controller = new AbortController();

    const askApproval = (request: ApprovalRequest) =>
      new Promise<ApprovalDecision>((resolve) => {
        const key = request.callId;
        pending.set(key, { key, request, resolve });
        // The core settles the call itself once the answer is no longer wanted (timeout, cancellation, end of the run).
        request.signal.addEventListener("abort", () => pending.delete(key), { once: true });
        wake();
      });
    const reportProgress = (progress: number, message: string) => round?.reportProgress?.(progress, message);
    const result = run({ askApproval, signal: controller.signal, reportProgress });
    result.finally(() => setTimeout(() => runs.delete(id), KEEP_FINISHED_MS).unref()).catch(() => undefined);

    const paused: PausedRun = {
      id,
      owner,
      async next(current) {
        round = current;
        const cancel = () => controller.abort(current.signal.reason);
        current.signal.addEventListener("abort", cancel, { once: true });
        try {
          const asked = new Promise<void>((resolve) => {
            wake = resolve;
            if (pending.size > 0) resolve();
          });
          const outcome = await Promise.race([result.then((done) => ({ done })), asked.then(() => null)]);
          if (outcome) return outcome;
          // Calls made together (Promise.all) ask together: let the others reach their approval before answering.
          await new Promise((resolve) => setImmediate(resolve));
          return { waiting: [...pending.values()].map(({ key, request }) => ({ key, request })) };
        } finally {
          current.signal.removeEventListener("abort", cancel);
          round = undefined;
        }
      },
      answer(key, decision) {
        const waiting = pending.get(key);
        if (!waiting) return;
        pending.delete(key);
        waiting.resolve(decision);
      },
    };
    runs.set(id, paused);
    return paused;
  }

  return {
    start,
    get(id, owner) {
      const run = runs.get(id);
      return run?.owner === owner ? run : undefined;
    },
  };
}
