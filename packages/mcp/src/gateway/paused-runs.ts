import { randomUUID } from "node:crypto";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import type { CallerAnswer, CallerQuestion } from "../tools/index.js";

/** One question for the caller a paused run waits on (an approval, an upstream's own), under its input request's key. */
export interface PendingQuestion {
  key: string;
  question: CallerQuestion;
}

/** Where a run stands when its caller's request must be answered: finished, or waiting for answers. */
export type RunProgress = { done: CallToolResult } | { waiting: PendingQuestion[] };

/** The request that currently waits on a run: its cancellation stops the run, and progress goes to it. */
export interface RunRound {
  signal: AbortSignal;
  reportProgress?: (progress: number, message: string) => void;
  logConsole?: (line: string) => void;
}

/** What a run is started with: how to ask its caller a question, its own signal, and where to report progress. */
export interface RunHooks {
  /** Pauses the run until the caller answers, by retrying its request. */
  ask: (question: CallerQuestion, signal: AbortSignal) => Promise<CallerAnswer>;
  signal: AbortSignal;
  reportProgress: (progress: number, message: string) => void;
  /** Passes a console line to the request waiting on the run, when it asked for log messages. */
  logConsole: (line: string) => void;
}

/** An execution that outlives the request that started it, while its caller is asked questions. */
export interface PausedRun {
  readonly id: string;
  /** The caller that started it; only that caller may resume it. */
  readonly owner: string;
  /** Waits, for one request, until the run finishes or asks at least one question that has no answer yet. */
  next(round: RunRound): Promise<RunProgress>;
  /** Answers one pending question, or refuses it with an error saying why; unknown keys are ignored. */
  answer(key: string, answer: CallerAnswer | Error): void;
}

/** The runs of this process that wait for their caller (see {@link createPausedRuns}). */
export interface PausedRuns {
  /** Starts `run` with its hooks: its `ask` pauses it until the caller answers. */
  start(owner: string, run: (hooks: RunHooks) => Promise<CallToolResult>): PausedRun;
  /** The run with this id, when it is still here and belongs to `owner`. */
  get(id: string, owner: string): PausedRun | undefined;
}

// A finished run is kept this long for a retry that is still on its way, then dropped.
const KEEP_FINISHED_MS = 60_000;

/**
 * Keeps the executions that paused for their caller in this process (an approval, or a question an upstream raised),
 * so a 2026-07-28 client can answer by retrying the request. A run is never held by the requests themselves: its
 * wait for an answer ends with the asker's signal (for an approval, the core's `approvalTimeoutMs`; for an
 * upstream's question, that upstream's call) whether or not the client comes back.
 */
export function createPausedRuns(): PausedRuns {
  const runs = new Map<string, PausedRun>();

  function start(owner: string, run: Parameters<PausedRuns["start"]>[1]): PausedRun {
    const id = randomUUID();
    const pending = new Map<string, PendingQuestion & { settle: (answer: CallerAnswer | Error) => void }>();
    let asked = 0;
    let wake: () => void = () => undefined;
    let round: RunRound | undefined;
    // The run belongs to no single request, so it has its own signal; the request waiting on it may cancel it.
    const controller = new AbortController();

    const ask = (question: CallerQuestion, signal: AbortSignal) =>
      new Promise<CallerAnswer>((resolve, reject) => {
        const key = `q${++asked}`;
        const settle = (answer: CallerAnswer | Error) => (answer instanceof Error ? reject(answer) : resolve(answer));
        pending.set(key, { key, question, settle });
        // The asker settles its call once the answer is no longer wanted (timeout, cancellation, end of the run).
        signal.addEventListener("abort", () => pending.delete(key) && reject(new Error("the question was withdrawn")), { once: true });
        wake();
      });
    const reportProgress = (progress: number, message: string) => round?.reportProgress?.(progress, message);
    const logConsole = (line: string) => round?.logConsole?.(line);
    const result = run({ ask, signal: controller.signal, reportProgress, logConsole });
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
          return { waiting: [...pending.values()].map(({ key, question }) => ({ key, question })) };
        } finally {
          current.signal.removeEventListener("abort", cancel);
          round = undefined;
        }
      },
      answer(key, answer) {
        const waiting = pending.get(key);
        if (!waiting) return;
        pending.delete(key);
        waiting.settle(answer);
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
