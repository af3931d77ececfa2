import { describeExecutionEvent, type ExecutionEvent, type ExecutionEventListener, type ExecutionResult } from "@codemode/core";

/**
 * What the `execute` tool yields while its script runs, as preliminary tool results (`streamText`, `useChat`): the
 * final output is the run's ExecutionResult, as without streaming.
 */
export interface ExecutionProgress {
  status: "running";
  /** One line for a UI: the last console line, or what the run last did (`billing.list_invoices started`). */
  message: string;
  /** Milliseconds since the run started. */
  elapsedMs: number;
  /** Calls that ended, how many of those failed, and the tools of the calls still running. */
  toolCalls: { finished: number; failed: number; running: string[] };
  /** Tools whose calls wait for a person's approval. */
  waitingForApproval: string[];
  /** The last console lines (at most five); `droppedLines` counts those past `maxLogLines`. */
  logs: string[];
  droppedLines: number;
}

/** A run's result that, iterated (as the AI SDK iterates a tool's `execute`), yields its progress and then its result. */
export type StreamedRun = Promise<ExecutionResult> & AsyncIterable<ExecutionProgress | ExecutionResult>;

const RECENT_LINES = 5;

/**
 * Starts a run whose events become progress. Awaited, it is the run's result; iterated, it yields the latest progress
 * whenever it changed and the consumer asked for more (a slow consumer gets fewer, newer snapshots, never a queue),
 * then the result.
 */
export function streamRun(start: (onEvent: ExecutionEventListener) => Promise<ExecutionResult>): StreamedRun {
  const progress = createProgress();
  let changed = false;
  let ended = false;
  let wake: (() => void) | undefined;
  const result = start((event) => {
    if (event.type === "end") return;
    progress.add(event);
    changed = true;
    wake?.();
  });
  const end = () => {
    ended = true;
    wake?.();
  };
  result.then(end, end);
  async function* iterate(): AsyncGenerator<ExecutionProgress | ExecutionResult> {
    for (;;) {
      if (!changed && !ended) await new Promise<void>((resolve) => (wake = resolve));
      wake = undefined;
      if (ended) break;
      changed = false;
      yield progress.snapshot();
    }
    yield await result;
  }
  return Object.assign(result, { [Symbol.asyncIterator]: iterate });
}

/** The progress a run's events add up to, kept small whatever the run does. */
function createProgress() {
  const running = new Map<string, string>();
  const waiting = new Map<string, string>();
  const logs: string[] = [];
  let finished = 0;
  let failed = 0;
  let dropped = 0;
  let message = "started";
  let elapsedMs = 0;
  return {
    add(event: ExecutionEvent) {
      elapsedMs = event.at;
      message = describeExecutionEvent(event) ?? message;
      if (event.type === "tool-call-start") running.set(event.callId, event.tool);
      else if (event.type === "tool-call-end") {
        running.delete(event.callId);
        waiting.delete(event.callId);
        finished++;
        if (!event.ok) failed++;
      } else if (event.type === "approval-asked") waiting.set(event.callId, event.tool);
      else if (event.type === "approval-answered") waiting.delete(event.callId);
      else if (event.type === "logs") {
        logs.push(...event.lines.slice(-RECENT_LINES));
        logs.splice(0, Math.max(0, logs.length - RECENT_LINES));
        dropped = event.dropped;
      }
    },
    snapshot(): ExecutionProgress {
      return {
        status: "running",
        message,
        elapsedMs,
        toolCalls: { finished, failed, running: [...running.values()] },
        waitingForApproval: [...waiting.values()],
        logs: [...logs],
        droppedLines: dropped,
      };
    },
  };
}
