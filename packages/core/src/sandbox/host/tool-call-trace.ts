import type { ApprovalOutcome, ApprovalStatus } from "../../approval/index.js";

/** What `trace` adds to each ToolCallRecord; everything is off by default. */
export interface TraceOptions {
  /** Record each call's arguments (as the tool received them, before validation) in `arguments`. */
  arguments?: boolean;
  /** Record a summary of each call's data, or of its error, in `summary`. */
  results?: boolean;
  /** The most UTF-8 bytes of a summary, and of the arguments' JSON, kept in a record; longer ones are cut. Default 1024. */
  maxSummaryBytes?: number;
}

/** What {@link ToolCallHooks.onToolCallStart} receives: a call the script made, before validation and any approval. */
export interface ToolCallStartEvent {
  tool: string;
  /** The arguments the script passed, parsed from JSON, before validation. */
  arguments: unknown;
  /** The id the tool's `execute` also receives as `context.callId`. */
  callId: string;
}

/** What {@link ToolCallHooks.onToolCallEnd} receives: a tool call that ended (or was cancelled). */
export interface ToolCallEndEvent {
  tool: string;
  callId: string;
  ok: boolean;
  durationMs: number;
  /** The envelope's error code when the call failed (`cancelled` when the run ended first). */
  errorCode?: string;
  /**
   * Present when the call asked for approval: how that ended (`denied`, `timeout` and `cancelled` calls never ran;
   * `paused`, in pause mode, waits for a person and runs, if at all, when the run is resumed) and how long it waited,
   * a part of `durationMs`.
   */
  approval?: { status: ApprovalStatus; waitedMs: number };
}

/**
 * Host callbacks around every tool call the script makes: `onToolCallStart` when it is made, `onToolCallEnd` once
 * its reply is ready, so the time between includes validation and any wait for approval. A hook that throws or
 * rejects is ignored.
 */
export interface ToolCallHooks {
  onToolCallStart?: (event: ToolCallStartEvent) => void;
  onToolCallEnd?: (event: ToolCallEndEvent) => void;
}

/** A step inside one tool call, named by the id its `execute` gets. */
export interface ToolCallStepEvent {
  tool: string;
  callId: string;
}

/**
 * The hooks host calls invoke: the public ones plus the steps between them that tracing marks. Internal (not in
 * index.ts) until a host needs them: `approve` already tells a host when a call asks.
 */
export interface ToolCallStepHooks extends ToolCallHooks {
  /** The call starts waiting for approval; fires after `onToolCallStart`, never for a call that needs none. */
  onApprovalRequested?: (event: ToolCallStepEvent) => void;
  /** The tool's own `execute` starts: validation passed and any approval was given. */
  onToolExecuteStart?: (event: ToolCallStepEvent) => void;
}

/** An end event with the call's approval outcome added, when it asked for one. */
export function withApproval(event: ToolCallEndEvent, outcome: ApprovalOutcome | undefined): ToolCallEndEvent {
  return outcome ? { ...event, approval: { status: outcome.status, waitedMs: outcome.waitedMs } } : event;
}

/** The default of {@link TraceOptions.maxSummaryBytes}. */
export const DEFAULT_MAX_SUMMARY_BYTES = 1024;

/** Calls a host hook, so that a hook which throws or rejects never breaks a run. */
export function callHook<T>(hook: ((event: T) => void) | undefined, event: T): void {
  if (!hook) return;
  try {
    const returned: unknown = hook(event);
    if (returned instanceof Promise) returned.catch(() => undefined);
  } catch {
    // The host's hook is an observer: its failure is its own and must not change the script's outcome.
  }
}
