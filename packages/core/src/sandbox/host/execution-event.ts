import type { ApprovalStatus } from "../../approval/index.js";
import type { ExecutionError, ExecutionResult } from "../../envelopes/index.js";

/**
 * What a run tells its listener while it goes on (see `ExecuteOptions.onEvent`). Every event carries `at`, the
 * milliseconds since the execution started, so a listener can draw a timeline.
 */
export type ExecutionEvent =
  /** The script called a tool; `arguments` is the start of their JSON text, at most 200 bytes. */
  | { type: "tool-call-start"; at: number; callId: string; tool: string; arguments: string }
  /** A tool call's reply is ready: `errorCode` is its envelope's error code when it failed. */
  | { type: "tool-call-end"; at: number; callId: string; tool: string; ok: boolean; durationMs: number; errorCode?: string }
  /** A call needs a person's approval and the approver was asked (or, in pause mode, the run will pause for it). */
  | { type: "approval-asked"; at: number; callId: string; tool: string }
  /** The approval of a call was answered, timed out or cancelled; in a resumed run, the decision it was given. */
  | { type: "approval-answered"; at: number; callId: string; tool: string; status: Exclude<ApprovalStatus, "paused">; waitedMs: number }
  /**
   * Console lines as they were written, several at a time. `dropped` counts the lines past `maxLogLines` so far: they
   * are in neither these events nor the result.
   */
  | { type: "logs"; at: number; lines: string[]; dropped: number }
  /** The run ended; the result `execute` resolves with says the rest. */
  | { type: "end"; at: number; status: ExecutionResult["status"]; durationMs: number; error: Pick<ExecutionError, "kind" | "message"> | null };

/** Receives a run's events; it may throw or return a promise, and neither changes the run. */
export type ExecutionEventListener = (event: ExecutionEvent) => void;

/** The start of a call's arguments an event shows, in UTF-8 bytes. */
export const EVENT_ARGUMENTS_BYTES = 200;

/**
 * Makes the function that hands one run's events to its listener: times each from `started`, and swallows what the
 * listener throws or rejects with. Undefined when nobody listens, so that a run without a listener builds no event.
 */
export function createEventSink(listener: ExecutionEventListener | undefined, started: number): EventSink | undefined {
  if (!listener) return undefined;
  return (event) => {
    // Every event is a fresh object made for the listener alone, so it is timed in place.
    (event as ExecutionEvent).at = Math.round(performance.now() - started);
    try {
      const returned: unknown = listener(event as ExecutionEvent);
      if (returned instanceof Promise) returned.catch(() => undefined);
    } catch {
      // A listener is an observer: its failure is its own, and the run goes on as if nobody listened.
    }
  };
}

/** The end event of a run that ended with `result`. */
export function endEventOf(result: ExecutionResult): UntimedEvent {
  const error = result.error ? { kind: result.error.kind, message: result.error.message } : null;
  return { type: "end", status: result.status, durationMs: result.durationMs, error };
}

/** An event without its time: {@link createEventSink} adds `at`. */
export type UntimedEvent = ExecutionEvent extends infer Event ? (Event extends ExecutionEvent ? Omit<Event, "at"> : never) : never;

/** Hands one event to a run's listener. */
export type EventSink = (event: UntimedEvent) => void;
