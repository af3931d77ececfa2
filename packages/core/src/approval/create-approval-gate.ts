import { callError, type CallError } from "../envelopes/index.js";
import type { ToolDefinition } from "../tools/index.js";
import type { Approver } from "./approval-request.js";
import { requestApproval, requestDecisionNow } from "./request-approval.js";

/** Options of {@link createApprovalGate}: one execution's approver and limit. */
export interface ApprovalGateOptions {
  approve: Approver | undefined;
  timeoutMs: number;
  /** The execution's `context`, shown to the approver. */
  context: unknown;
  /** Told when the first approval starts waiting (`true`) and when the last one ends (`false`). */
  onHold(held: boolean): void;
  /** Told when a call starts waiting for its answer, after its rule said it needs one. */
  onAsk?: ((call: { tool: string; callId: string }) => void) | undefined;
  /** Told when a call's approval ends with an answer, a timeout or a cancellation (not when it pauses). */
  onAnswer?: ((call: { tool: string; callId: string }, outcome: ApprovalOutcome) => void) | undefined;
  /**
   * Pause mode: a call the approver cannot decide at once is not waited for but paused (`check` resolves "pause"),
   * and `decisions` holds the answers a resumed run was given, by call id (null approves, an error denies).
   */
  pause?: { decisions: ReadonlyMap<string, CallError | null> } | undefined;
}

/** How a call's approval step ended: the approver's answer, no answer in time, the run ended first, or (pause mode) paused. */
export type ApprovalStatus = "approved" | "denied" | "timeout" | "cancelled" | "paused";

/** How a call that needed approval fared: whether it was given, why not, and how long the call waited. */
export interface ApprovalOutcome {
  approved: boolean;
  status: ApprovalStatus;
  waitedMs: number;
}

/** The approvals of one execution's tool calls. */
export interface ApprovalGate {
  /**
   * `null` when the call may run, else the error the script receives; `"pause"` in pause mode only. A tool without an
   * approval rule is answered at once rather than as a promise: most calls need no approval, and each await is a turn.
   */
  check(tool: ToolDefinition, args: unknown, call: { callId: string; signal: AbortSignal }): CallError | null | "pause" | Promise<CallError | null | "pause">;
  /** The outcome of a call that asked, by the id its `execute` gets; undefined for calls that did not ask. */
  outcome(callId: string): ApprovalOutcome | undefined;
  /** Whether a call is waiting for its answer right now. */
  isWaiting(callId: string): boolean;
  /** For a call still waiting, the outcome it gets if the run ends now: `cancelled` after the wait so far. */
  pending(callId: string): ApprovalOutcome | undefined;
}

/** Creates the approval step that sits between a call's validation and its `execute`. */
export function createApprovalGate(options: ApprovalGateOptions): ApprovalGate {
  // Each waiting call's start, so a run that ends mid-wait can still say how long the call waited.
  const waiting = new Map<string, number>();
  const outcomes = new Map<string, ApprovalOutcome>();
  const settle = (tool: string, callId: string, outcome: ApprovalOutcome) => {
    outcomes.set(callId, outcome);
    if (outcome.status !== "paused") options.onAnswer?.({ tool, callId }, outcome);
  };
  return {
    check(tool, args, call) {
      if (!tool.requiresApproval && !options.pause?.decisions.has(call.callId)) return null;
      return ask(tool, args, call);
    },
    outcome: (callId) => outcomes.get(callId),
    isWaiting: (callId) => waiting.has(callId),
    pending(callId) {
      const started = waiting.get(callId);
      if (started === undefined) return undefined;
      return { approved: false, status: "cancelled", waitedMs: Math.round(performance.now() - started) };
    },
  };

  async function ask(tool: ToolDefinition, args: unknown, { callId, signal }: { callId: string; signal: AbortSignal }): Promise<CallError | null | "pause"> {
    // A person's decision holds whatever the rule says now: a rule reading the context may answer otherwise.
    const decided = options.pause?.decisions.get(callId);
    if (decided !== undefined) {
      settle(tool.name, callId, { approved: decided === null, status: statusOf(decided), waitedMs: 0 });
      return decided;
    }
    const required = await requiresApproval(tool, args, { callId, signal, context: options.context });
    if (required !== true) return required === false ? null : required;
    if (options.pause) {
      options.onAsk?.({ tool: tool.name, callId });
      const request = { tool: tool.name, arguments: args, context: options.context, callId, mode: "pause" as const };
      const verdict = requestDecisionNow({ approve: options.approve, request });
      settle(tool.name, callId, { approved: verdict === null, status: verdict === "pause" ? "paused" : statusOf(verdict), waitedMs: 0 });
      return verdict;
    }
    const started = performance.now();
    waiting.set(callId, started);
    if (waiting.size === 1) options.onHold(true);
    options.onAsk?.({ tool: tool.name, callId });
    try {
      const request = { tool: tool.name, arguments: args, context: options.context, callId, mode: "block" as const };
      const refused = await requestApproval({ approve: options.approve, request, signal, timeoutMs: options.timeoutMs });
      settle(tool.name, callId, { approved: refused === null, status: statusOf(refused), waitedMs: Math.round(performance.now() - started) });
      return refused;
    } finally {
      waiting.delete(callId);
      if (waiting.size === 0) options.onHold(false);
    }
  }
}

function statusOf(refused: CallError | null): ApprovalStatus {
  if (refused === null) return "approved";
  return refused.code === "timeout" || refused.code === "cancelled" ? refused.code : "denied";
}

/** Whether a call needs approval; a predicate that throws denies the call rather than letting it run unasked. */
async function requiresApproval(
  tool: ToolDefinition,
  args: unknown,
  context: { callId: string; signal: AbortSignal; context: unknown },
): Promise<boolean | CallError> {
  const rule = tool.requiresApproval;
  if (typeof rule !== "function") return rule === true;
  try {
    return (await rule(args, context)) === true;
  } catch {
    const message = `Deciding whether ${tool.name} needs approval failed, so the call did not run.`;
    return callError("access_denied", message);
  }
}
