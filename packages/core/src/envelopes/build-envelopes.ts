import { ERROR_MESSAGES, type CallErrorCode } from "../errors/index.js";
import type { CallError, CallMeta } from "./call-envelope.js";
import type { ExecutionError, ExecutionErrorKind, ExecutionResult } from "./execution-result.js";
import type { RunOutcome } from "./run-outcome.js";

// Every envelope and empty outcome is built here, so each has one shape and one wording.

/** A call's error, not retryable unless said. */
export function callError(code: CallErrorCode, message: string, retryable = false): CallError {
  return { code, message, retryable };
}

/** The JSON text of a failed call's envelope, as the guest receives it. */
export function failedEnvelopeJson(error: CallError): string {
  return JSON.stringify({ ok: false, error });
}

/**
 * The JSON text of a successful call's envelope around data already encoded as JSON text; tool calls carry `meta`
 * (with `contentJson`, the encoded `meta.content`, when the script asked for it), catalog and files calls do not.
 */
export function okEnvelopeJson(dataJson: string, meta?: Pick<CallMeta, "omitted">, contentJson?: string): string {
  if (!meta) return `{"ok":true,"data":${dataJson}}`;
  const content = contentJson === undefined ? "" : `,"content":${contentJson}`;
  return `{"ok":true,"data":${dataJson},"meta":{"omitted":${meta.omitted}${content}}}`;
}

/** The outcome of a run that failed before or without the script: no result, logs, diagnostics or calls. */
export function failedOutcome(kind: ExecutionErrorKind, message: string): RunOutcome {
  return { resultJson: null, error: { kind, message, stack: null }, diagnostics: [], logs: [], unfinishedCalls: [] };
}

/** The outcome of a run cancelled by its caller before it could finish. */
export function cancelledOutcome(): RunOutcome {
  return failedOutcome("Cancelled", ERROR_MESSAGES.executionCancelled);
}

/** A failed execution's result before anything ran: no logs, diagnostics or tool calls. */
export function failedResult(error: ExecutionError, durationMs = 0): ExecutionResult {
  return { status: "failed", result: null, error, diagnostics: [], logs: [], toolCalls: [], durationMs };
}
