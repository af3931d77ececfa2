import { callError, type CallError } from "../envelopes/index.js";
import type { ApprovalDecision, ApprovalRequest, Approver } from "./approval-request.js";

/** Options of {@link requestApproval}. */
export interface RequestApprovalOptions {
  approve: Approver | undefined;
  request: Omit<ApprovalRequest, "signal">;
  /** The call's own signal: it fires when the execution is cancelled or ends. */
  signal: AbortSignal;
  /** How long the approver may take before the call fails with `timeout`. */
  timeoutMs: number;
}

const MAX_REASON_LENGTH = 500;

/**
 * Asks the approver whether one call may run. Resolves `null` when it may, else the error the script receives;
 * never rejects, whatever the approver does.
 */
export async function requestApproval(options: RequestApprovalOptions): Promise<CallError | null> {
  const { approve, request, signal, timeoutMs } = options;
  const tool = request.tool;
  if (!approve) return denied(`The call to ${tool} needs approval and no approver is configured, so it did not run.`);
  if (signal.aborted) return cancelled(tool);
  const controller = new AbortController();
  const forward = () => controller.abort(signal.reason);
  signal.addEventListener("abort", forward, { once: true });
  let timer: NodeJS.Timeout | undefined;
  const stopped = new Promise<CallError>((resolve) => {
    timer = setTimeout(() => {
      resolve(callError("timeout", `No approval for ${tool} arrived within ${timeoutMs} ms, so it did not run.`));
      controller.abort(new Error("The approval timed out."));
    }, timeoutMs);
    signal.addEventListener("abort", () => resolve(cancelled(tool)), { once: true });
  });
  const answered = Promise.resolve()
    .then(() => approve({ ...request, signal: controller.signal }))
    .then(
      (decision) => readDecision(tool, decision),
      // The approver's own error stays on the host: it may hold details the script must not see.
      () => denied(`The approver failed while asked about ${tool}, so the call did not run.`),
    );
  try {
    return await Promise.race([answered, stopped]);
  } finally {
    clearTimeout(timer);
    // Once answered, the approver's signal no longer follows the call: it must not fire while the tool runs.
    signal.removeEventListener("abort", forward);
  }
}

/** Options of {@link requestDecisionNow}. */
export interface RequestDecisionNowOptions {
  approve: Approver | undefined;
  request: Omit<ApprovalRequest, "signal">;
}

/**
 * Pause mode: asks the approver for an answer it can give at once. A synchronous decision decides the call as
 * {@link requestApproval} would; no approver, a promise or `undefined` resolves `"pause"`: a person decides when the
 * run is resumed, so the request's signal fires at once and a later answer is ignored.
 */
export function requestDecisionNow({ approve, request }: RequestDecisionNowOptions): CallError | null | "pause" {
  if (!approve) return "pause";
  const controller = new AbortController();
  let decision: ApprovalDecision | PromiseLike<ApprovalDecision> | undefined;
  try {
    decision = approve({ ...request, signal: controller.signal });
  } catch {
    return denied(`The approver failed while asked about ${request.tool}, so the call did not run.`);
  }
  if (decision === undefined || isPromiseLike(decision)) {
    controller.abort(new Error("The run paused: the decision comes when it is resumed."));
    // A promise that rejects later must not become an unhandled rejection of the host.
    if (decision !== undefined) Promise.resolve(decision).catch(() => {});
    return "pause";
  }
  return readDecision(request.tool, decision);
}

function isPromiseLike(value: unknown): value is PromiseLike<unknown> {
  return (typeof value === "object" || typeof value === "function") && value !== null && typeof (value as PromiseLike<unknown>).then === "function";
}

/** A decision as the script receives it: null runs the call, else its `access_denied` error (with the reason). */
export function readDecision(tool: string, decision: ApprovalDecision | undefined): CallError | null {
  if (decision === true) return null;
  if (typeof decision === "object" && decision !== null) {
    if (decision.approved === true) return null;
    if (decision.approved === false) {
      const reason = typeof decision.reason === "string" ? decision.reason.trim().slice(0, MAX_REASON_LENGTH) : "";
      if (!reason) return denied(`The call to ${tool} was denied.`);
      return denied(`The call to ${tool} was denied: ${reason}${/[.!?]$/.test(reason) ? "" : "."}`);
    }
  }
  if (decision === false) return denied(`The call to ${tool} was denied.`);
  return denied(`The approver gave no clear answer for ${tool} (it must return true or false), so it did not run.`);
}

function denied(message: string): CallError {
  return callError("access_denied", message);
}

function cancelled(tool: string): CallError {
  return callError("cancelled", `The call to ${tool} was cancelled while it waited for approval.`);
}
