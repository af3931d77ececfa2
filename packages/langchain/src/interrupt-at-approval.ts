import { CodeModeError, type ApprovalDecision, type CodeMode, type ContinuationStore, type ExecutionEventListener, type ExecutionResult, type PendingCall } from "@codemode/core";

type PendingCalls = PendingCall[];

/**
 * What the graph's interrupt carries: the waiting calls in the shape of `humanInTheLoopMiddleware`'s request (so a
 * UI made for it renders them), and the core's own list with each call's id and line.
 */
export interface CodeModeInterrupt {
  actionRequests: { name: string; args: Record<string, unknown>; description: string }[];
  reviewConfigs: { actionName: string; allowedDecisions: ("approve" | "reject")[] }[];
  pending: PendingCalls;
}

/**
 * What `new Command({ resume })` may carry: the core's decisions keyed by call id, or the middleware's answer, one
 * decision per action request in order. A call left without a decision is denied.
 */
export type CodeModeResume =
  | Readonly<Record<string, boolean | ApprovalDecision>>
  | { decisions: readonly ({ type: "approve" } | { type: "reject"; message?: string })[] };

/** One `execute` tool call in a graph: its script, who asks, where it is (thread, task, tool call) and its context. */
export interface InterruptedCallRun {
  /** Names this tool call in this thread and graph task, which LangGraph keeps when it runs the node again. */
  key: string;
  code: string;
  owner: string;
  context: unknown;
  signal?: AbortSignal;
  /** Receives the events of the run made or resumed. */
  onEvent?: ExecutionEventListener;
  allow?: readonly string[];
}

/** What is kept per tool call: each round's paused run, and the result once the script finished. */
interface KeptCall {
  code: string;
  rounds: { continuation: string; pending: PendingCalls }[];
  result?: ExecutionResult;
}

/**
 * Runs a script whose code mode pauses at approvals inside a LangGraph node: each pause becomes an `interrupt()` with
 * the waiting calls, and the resume value decides them. LangGraph runs an interrupted node again from its start, with
 * the resume values of its earlier interrupts; so the paused runs are kept under the tool call's key and the run
 * goes straight back to its interrupt instead of running the script's earlier tools again.
 */
export async function runWithInterrupts(
  codeMode: CodeMode,
  store: ContinuationStore,
  ttlMs: number,
  call: InterruptedCallRun,
): Promise<ExecutionResult> {
  const { interrupt } = await import("@langchain/langgraph");
  const keep = (kept: KeptCall) => store.set(call.key, JSON.stringify(kept), ttlMs);
  const found = await store.get(call.key);
  let kept = found === null ? undefined : (JSON.parse(found) as KeptCall);
  if (kept?.code !== call.code) kept = undefined;
  if (kept?.result) return kept.result;
  if (!kept) {
    const options = { owner: call.owner, context: call.context, ...(call.signal ? { signal: call.signal } : {}), ...(call.allow ? { allow: call.allow } : {}), ...(call.onEvent ? { onEvent: call.onEvent } : {}) };
    const result = await codeMode.execute(call.code, options);
    if (result.status !== "paused" || result.continuation === undefined) {
      // Kept too: a node with several tool calls runs them all again when another of them interrupted.
      await keep({ code: call.code, rounds: [], result });
      return result;
    }
    kept = { code: call.code, rounds: [{ continuation: result.continuation, pending: result.pending ?? [] }] };
    await keep(kept);
  }
  for (let round = 0; ; round++) {
    const { continuation, pending } = kept.rounds[round]!;
    // Throws the first time (the graph stops here); returns this round's resume value when the node runs again.
    const answer = interrupt<CodeModeInterrupt, unknown>(interruptOf(pending));
    if (kept.rounds[round + 1]) continue;
    const decisions = decisionsOf(answer, pending);
    const resumeOptions = { decisions, owner: call.owner, code: call.code, context: call.context, ...(call.signal ? { signal: call.signal } : {}), ...(call.onEvent ? { onEvent: call.onEvent } : {}) };
    const result = await codeMode.resume(continuation, resumeOptions);
    if (result.status !== "paused" || result.continuation === undefined) {
      await keep({ ...kept, result });
      return result;
    }
    kept.rounds.push({ continuation: result.continuation, pending: result.pending ?? [] });
    await keep(kept);
  }
}

function interruptOf(pending: PendingCalls): CodeModeInterrupt {
  const actionRequests = pending.map(({ tool, arguments: args, line }) => ({
    name: tool,
    args: (args !== null && typeof args === "object" ? args : { value: args }) as Record<string, unknown>,
    description: `A script wants to call ${tool} (line ${line}) with ${JSON.stringify(args)}.`,
  }));
  const tools = [...new Set(pending.map(({ tool }) => tool))];
  return { actionRequests, reviewConfigs: tools.map((actionName) => ({ actionName, allowedDecisions: ["approve", "reject"] })), pending };
}

/** The resume value as the core's decisions; anything else than a clear answer is refused, saying where. */
function decisionsOf(answer: unknown, pending: PendingCalls): Record<string, boolean | ApprovalDecision> {
  if (answer === null || typeof answer !== "object" || Array.isArray(answer)) {
    throw invalidResume(`it is ${answer === null ? "null" : Array.isArray(answer) ? "an array" : typeof answer}`);
  }
  const decisions: Record<string, boolean | ApprovalDecision> = {};
  const listed = (answer as { decisions?: unknown }).decisions;
  if (listed !== undefined) {
    if (!Array.isArray(listed)) throw invalidResume("its decisions is not an array");
    pending.forEach(({ callId }, index) => {
      const decision = listed[index] as { type?: unknown; message?: unknown } | undefined;
      if (decision === undefined) return;
      if (decision.type === "approve") decisions[callId] = true;
      else if (decision.type === "reject") decisions[callId] = { approved: false, reason: typeof decision.message === "string" ? decision.message : "the reviewer rejected it" };
      else throw invalidResume(`decisions[${index}] has type ${JSON.stringify(decision.type)}; a script's call takes "approve" or "reject"`);
    });
  } else {
    for (const { callId } of pending) {
      const decision = (answer as Record<string, unknown>)[callId];
      if (decision === undefined) continue;
      if (typeof decision === "boolean" || (typeof decision === "object" && decision !== null && typeof (decision as ApprovalDecision & object).approved === "boolean")) {
        decisions[callId] = decision as boolean | ApprovalDecision;
      } else throw invalidResume(`the decision for ${callId} is neither true, false nor { approved, reason }`);
    }
  }
  // Only a clear yes runs a call: one the answer does not mention is denied.
  for (const { callId } of pending) decisions[callId] ??= { approved: false, reason: "the resume value gave no decision for it" };
  return decisions;
}

function invalidResume(why: string): CodeModeError {
  return new CodeModeError("INVALID_ARGUMENTS", `The resume value of the code-mode interrupt is not a decision: ${why}.`);
}
