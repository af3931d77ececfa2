import { createHash } from "node:crypto";
import type { CallToolResult as SessionCallToolResult } from "@modelcontextprotocol/sdk/types.js";
import {
  inputRequired,
  ProtocolError,
  ProtocolErrorCode,
  type ClientCapabilities,
  type CreateMessageRequestParams,
  type ElicitRequestURLParams,
  type InputRequest,
  type InputRequiredResult,
  LOG_LEVEL_META_KEY,
  type RequestStateCodec,
  type ServerContext,
} from "@modelcontextprotocol/server";
import type { ApprovalDecision, ApprovalRequest, ExecutionResult, PendingCall } from "@codemode/core";
import { approvalMessage, askApproval, type AskCaller } from "../approval/index.js";
import type { CallerAnswer, CallerQuestion } from "../tools/index.js";
import { linkAbort } from "../upstream/index.js";
import { callerScope } from "./caller-scope.js";
import type { GatewayToolCall, GatewayTools } from "./create-gateway-tools.js";
import type { PausedRuns } from "./paused-runs.js";
import { admitsInfo, consoleMessage } from "./console-message.js";

/**
 * What a requestState minted by the gateway holds: the paused run, started with which arguments. A run that paused
 * at approvals is its continuation, which any process with the same secret and store resumes; a run that waits in
 * this process for answers to its upstreams' own questions is its id here.
 */
export interface ExecuteRequestState {
  run?: string;
  continuation?: string;
  /** With a continuation: the calls it waits on, the only ones the retry's answers may decide. */
  pending?: string[];
  /** With a run: the cluster replica that holds it, when there is a cluster. */
  replica?: string;
  /** SHA-256 of the arguments, so a retry cannot resume a run with other arguments than the ones it started with. */
  args: string;
}

/** Options of {@link executeWithInputRequired}. */
export interface ExecuteWithInputRequiredOptions {
  tools: GatewayTools;
  runs: PausedRuns;
  codec: RequestStateCodec<ExecuteRequestState>;
  /** The caller's identity; a run is resumed only by the caller that started it. */
  caller: string;
  /** This process's replica id in a cluster. */
  replica?: string | undefined;
}

/**
 * Runs `execute` for a 2026-07-28 client that can answer elicitation: when the run has questions for its caller,
 * the answer is an input-required result with one input request per question and a signed requestState, and the
 * client's retry carrying its answers resumes the run. A call that needs approval pauses the run: the requestState
 * holds its continuation, so the retry resumes it on any process of the gateway that shares the secret and the
 * continuation store, and nothing waits in memory meanwhile. Elicitation and sampling requests its upstreams raised
 * wait in this process, and their retry must reach it. For an approval, accept approves; decline, cancel or another
 * kind of answer denies. A question left unanswered is asked again.
 */
export async function executeWithInputRequired(
  options: ExecuteWithInputRequiredOptions,
  request: { name: string; arguments?: unknown },
  ctx: ServerContext,
): Promise<SessionCallToolResult | InputRequiredResult> {
  const args = createHash("sha256").update(JSON.stringify(request.arguments ?? {})).digest("base64url");
  const state = ctx.mcpReq.requestState<ExecuteRequestState>();
  if (state !== undefined && state.args !== args) {
    throw new ProtocolError(ProtocolErrorCode.InvalidParams, "The requestState belongs to a call with other arguments.");
  }
  let run;
  if (state?.run === undefined) {
    const envelope = ctx.mcpReq.envelope as Record<string, unknown> | undefined;
    const capabilities = envelope?.["io.modelcontextprotocol/clientCapabilities"] as ClientCapabilities | undefined;
    const continuation = state?.continuation;
    const decisions = continuation === undefined ? {} : decisionsOf(ctx.mcpReq.inputResponses ?? {}, state?.pending ?? []);
    // Console lines are passed on only to a caller that asks for log messages when it starts the run.
    const logs = consoleLoggerOf(ctx).logConsole !== undefined;
    run = options.runs.start(options.caller, ({ ask, signal, reportProgress, logConsole }) => {
      const askable = withinCapabilities(capabilities, ask);
      const hooks: GatewayToolCall = { signal, reportProgress, ask: askable, askApproval: (approval) => askApproval(askable, approval), ...(logs ? { logConsole } : {}) };
      return continuation === undefined
        ? options.tools.executeUntilPause(request.arguments, hooks)
        : options.tools.resume(request.arguments, continuation, decisions, hooks);
    });
  } else {
    run = options.runs.get(state.run, options.caller);
    if (!run) return gone(state.replica, options.replica);
    // Answers are the client's word: an approval reads only `action`, an upstream's SDK checks what it asked for.
    for (const [key, answer] of Object.entries(ctx.mcpReq.inputResponses ?? {})) run.answer(key, answer as CallerAnswer);
  }
  // The request waiting on the run cancels it by going away, as its abort or as a response left unread.
  const waiting = linkAbort([ctx.mcpReq.signal, callerScope()?.gone]);
  let progress;
  try {
    progress = await run.next({ signal: waiting.signal, ...progressReporterOf(ctx), ...consoleLoggerOf(ctx) });
  } finally {
    waiting.unlink();
  }
  if ("done" in progress) {
    const paused = pausedOf(progress.done);
    if (!paused) return progress.done;
    // One form elicitation per waiting call, under its call id; the continuation travels in the signed state.
    const inputRequests = Object.fromEntries(paused.pending.map((call) => [call.callId, inputRequired.elicit(approvalQuestionOf(call))]));
    const minted: ExecuteRequestState = { continuation: paused.continuation, pending: paused.pending.map(({ callId }) => callId), args };
    return inputRequired({ inputRequests, requestState: await options.codec.mint(minted, ctx) });
  }
  const inputRequests = Object.fromEntries(progress.waiting.map(({ key, question }) => [key, inputRequestOf(question)]));
  const minted: ExecuteRequestState = { run: run.id, args, ...(options.replica ? { replica: options.replica } : {}) };
  return inputRequired({ inputRequests, requestState: await options.codec.mint(minted, ctx) });
}

/** The paused ExecutionResult a run ended with, if it paused at approvals. */
function pausedOf(result: SessionCallToolResult): { pending: PendingCall[]; continuation: string } | undefined {
  const execution = result.structuredContent as Partial<ExecutionResult> | undefined;
  if (execution?.status !== "paused" || execution.continuation === undefined) return undefined;
  return { pending: execution.pending ?? [], continuation: execution.continuation };
}

/** The approval of one waiting call as a form elicitation with no fields: accept approves it. */
function approvalQuestionOf(call: PendingCall): Parameters<typeof inputRequired.elicit>[0] {
  const request = { tool: call.tool, arguments: call.arguments, callId: call.callId } as unknown as ApprovalRequest;
  return { message: approvalMessage(request), requestedSchema: { type: "object", properties: {} } };
}

/**
 * The client's answers as the core's decisions, by call id: accept approves; decline, cancel or another kind of
 * answer denies, saying why. A call it did not answer is left undecided, so the resumed run asks about it again;
 * answers under other keys than the waiting calls' are ignored.
 */
function decisionsOf(responses: Record<string, unknown>, pending: readonly string[]): Record<string, ApprovalDecision> {
  const decisions: Record<string, ApprovalDecision> = {};
  for (const [callId, answer] of Object.entries(responses)) {
    if (!pending.includes(callId)) continue;
    const action = (answer as { action?: unknown } | null)?.action;
    decisions[callId] =
      action === "accept"
        ? true
        : { approved: false, reason: action === "decline" ? "the user declined it" : action === "cancel" ? "the user dismissed the request" : "the client's answer was not an elicitation result" };
  }
  return decisions;
}

/** A question as an input request of the 2026-07-28 revision. */
function inputRequestOf(question: CallerQuestion): InputRequest {
  if (question.method === "sampling/createMessage") return inputRequired.createMessage(question.params as CreateMessageRequestParams);
  if (question.params.mode === "url") {
    // The 2025 revision's elicitationId has no place here: the requestState ties the answer to its question.
    const { mode: _mode, elicitationId: _id, ...params } = question.params;
    return inputRequired.elicitUrl(params as Omit<ElicitRequestURLParams, "mode" | "elicitationId">);
  }
  const { mode: _mode, ...params } = question.params;
  return inputRequired.elicit(params as Parameters<typeof inputRequired.elicit>[0]);
}

/** Refuses, saying why, the questions the client did not declare it can answer. */
function withinCapabilities(capabilities: ClientCapabilities | undefined, ask: AskCaller): AskCaller {
  return async (question, signal) => {
    if (question.method === "sampling/createMessage" && !capabilities?.sampling) {
      throw new Error("the MCP client behind this execution did not declare the sampling capability");
    }
    if (question.method === "elicitation/create" && question.params.mode === "url" && !capabilities?.elicitation?.url) {
      throw new Error("the MCP client behind this execution did not declare url elicitation");
    }
    return ask(question, signal);
  };
}

function gone(holder: string | undefined, here: string | undefined): SessionCallToolResult {
  const text =
    holder !== undefined && holder !== here
      ? `The paused execution this retry belongs to waits on gateway replica ${holder}, and the retry reached replica ${here}: ` +
        "a paused run is answered only by the replica that paused it. Run the script again."
      : "The paused execution this retry belongs to is gone: it finished long ago, or another gateway process or a restart holds it. Run the script again.";
  return { content: [{ type: "text", text }], isError: true };
}

/** How a request of a 2026-07-28 client that did not declare elicitation answers its upstreams' questions. */
export async function cannotAsk(): Promise<never> {
  throw new Error("the MCP client behind this execution did not declare the elicitation capability, so it cannot be asked");
}

/** Reports progress on this request when its caller sent a progress token. */
export function progressReporterOf(ctx: ServerContext): Pick<GatewayToolCall, "reportProgress"> {
  const progressToken = ctx.mcpReq._meta?.progressToken;
  if (progressToken === undefined) return {};
  return {
    reportProgress: (progress: number, message: string) => {
      ctx.mcpReq.notify({ method: "notifications/progress", params: { progressToken, progress, message } }).catch(() => undefined);
    },
  };
}

/** Passes on console lines when this request asked for log messages at `info` or more (its `_meta` log level). */
export function consoleLoggerOf(ctx: ServerContext): Pick<GatewayToolCall, "logConsole"> {
  const envelope = ctx.mcpReq.envelope as Record<string, unknown> | undefined;
  const level = envelope?.[LOG_LEVEL_META_KEY];
  if (typeof level !== "string" || !admitsInfo(level)) return {};
  return {
    logConsole: (line) => {
      const { level: at, data, logger } = consoleMessage(line);
      ctx.mcpReq.log(at, data, logger).catch(() => undefined);
    },
  };
}
