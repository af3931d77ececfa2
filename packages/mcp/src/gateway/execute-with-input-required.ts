import { createHash } from "node:crypto";
import type { CallToolResult as SessionCallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { inputRequired, inputResponse, ProtocolError, ProtocolErrorCode, type InputRequiredResult, type RequestStateCodec, type ServerContext } from "@modelcontextprotocol/server";
import type { ApprovalDecision } from "@codemode/core";
import { approvalMessage } from "../approval/index.js";
import type { GatewayToolCall, GatewayTools } from "./create-gateway-tools.js";
import type { PausedRuns } from "./paused-runs.js";

/** What a requestState minted by the gateway holds: which paused run, started with which arguments. */
export interface ExecuteRequestState {
  run: string;
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
}

/**
 * Runs `execute` for a 2026-07-28 client that can answer elicitation: when the script's calls need approval, the
 * answer is an input-required result with one form elicitation per call and a signed requestState, and the client's
 * retry carrying its answers resumes the same run. Accept approves; decline, cancel or another kind of answer denies;
 * a call left unanswered is asked again.
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
    run = options.runs.start(options.caller, (hooks) => options.tools.call(request.name, request.arguments, hooks));
  } else {
    if (state.args !== args) throw new ProtocolError(ProtocolErrorCode.InvalidParams, "The requestState belongs to a call with other arguments.");
    run = options.runs.get(state.run, options.caller);
    if (!run) return gone();
    for (const key of Object.keys(ctx.mcpReq.inputResponses ?? {})) run.answer(key, decisionOf(inputResponse(ctx.mcpReq.inputResponses, key)));
  }
  const progress = await run.next({ signal: ctx.mcpReq.signal, ...progressReporterOf(ctx) });
  if ("done" in progress) return progress.done;
  const inputRequests = Object.fromEntries(
    progress.waiting.map(({ key, request: approval }) => [
      key,
      inputRequired.elicit({ message: approvalMessage(approval), requestedSchema: { type: "object", properties: {} } }),
    ]),
  );
  return inputRequired({ inputRequests, requestState: await options.codec.mint({ run: run.id, args }, ctx) });
}

function decisionOf(answer: ReturnType<typeof inputResponse>): ApprovalDecision {
  if (answer.kind === "elicit" && answer.action === "accept") return true;
  if (answer.kind === "elicit") return { approved: false, reason: answer.action === "decline" ? "the user declined it" : "the user dismissed the request" };
  return { approved: false, reason: "the client's answer was not an elicitation result" };
}

function gone(): SessionCallToolResult {
  const text =
    "The paused execution this retry belongs to is gone: it finished long ago, or another gateway process or a restart holds it. Run the script again.";
  return { content: [{ type: "text", text }], isError: true };
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
