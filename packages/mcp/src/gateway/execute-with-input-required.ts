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
  type RequestStateCodec,
  type ServerContext,
} from "@modelcontextprotocol/server";
import { askApproval, type AskCaller } from "../approval/index.js";
import type { CallerAnswer, CallerQuestion } from "../tools/index.js";
import type { GatewayToolCall, GatewayTools } from "./create-gateway-tools.js";
import type { PausedRuns } from "./paused-runs.js";

/** What a requestState minted by the gateway holds: which paused run, started with which arguments. */
export interface ExecuteRequestState {
  run: string;
  /** The cluster replica that holds the run, when there is a cluster. */
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
 * Runs `execute` for a 2026-07-28 client that can answer elicitation: when the run has questions for its caller
 * (approvals of the script's calls; elicitation and sampling requests its upstreams raised), the answer is an
 * input-required result with one input request per question and a signed requestState, and the client's retry
 * carrying its answers resumes the same run. For an approval, accept approves; decline, cancel or another kind of
 * answer denies. A question left unanswered is asked again.
 */
export async function executeWithInputRequired(
  options: ExecuteWithInputRequiredOptions,
  request: { name: string; arguments?: unknown },
  ctx: ServerContext,
): Promise<SessionCallToolResult | InputRequiredResult> {
  const args = createHash("sha256").update(JSON.stringify(request.arguments ?? {})).digest("base64url");
  const state = ctx.mcpReq.requestState<ExecuteRequestState>();
  let run;
  if (state === undefined) {
    const envelope = ctx.mcpReq.envelope as Record<string, unknown> | undefined;
    const capabilities = envelope?.["io.modelcontextprotocol/clientCapabilities"] as ClientCapabilities | undefined;
    run = options.runs.start(options.caller, ({ ask, signal, reportProgress }) => {
      const askable = withinCapabilities(capabilities, ask);
      const hooks: GatewayToolCall = { signal, reportProgress, ask: askable, askApproval: (approval) => askApproval(askable, approval) };
      return options.tools.call(request.name, request.arguments, hooks);
    });
  } else {
    if (state.args !== args) throw new ProtocolError(ProtocolErrorCode.InvalidParams, "The requestState belongs to a call with other arguments.");
    run = options.runs.get(state.run, options.caller);
    if (!run) return gone(state.replica, options.replica);
    // Answers are the client's word: an approval reads only `action`, an upstream's SDK checks what it asked for.
    for (const [key, answer] of Object.entries(ctx.mcpReq.inputResponses ?? {})) run.answer(key, answer as CallerAnswer);
  }
  const progress = await run.next({ signal: ctx.mcpReq.signal, ...progressReporterOf(ctx) });
  if ("done" in progress) return progress.done;
  const inputRequests = Object.fromEntries(progress.waiting.map(({ key, question }) => [key, inputRequestOf(question)]));
  const minted: ExecuteRequestState = { run: run.id, args, ...(options.replica ? { replica: options.replica } : {}) };
  return inputRequired({ inputRequests, requestState: await options.codec.mint(minted, ctx) });
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
