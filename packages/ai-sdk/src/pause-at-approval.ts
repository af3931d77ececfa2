import type { CodeMode, ContinuationStore, ExecutionEventListener, ExecutionResult, PendingCall } from "@codemode/core";

/** A run paused in one `execute` tool call, kept until the tool-approval-response for that call arrives. */
interface PausedCall {
  /** The script that paused: a tool call id seen again with another script is another call. */
  code: string;
  continuation: string;
  pending: PendingCall[];
}

/** How one `execute` tool call runs: its script, who asks, and the outer call's options as the inner tools' context. */
export interface PausedCallRun {
  toolCallId: string;
  code: string;
  owner: string;
  context: unknown;
  /** The messages of the request, where an earlier approval request for this tool call shows. */
  messages: readonly unknown[];
  signal?: AbortSignal;
  allow?: readonly string[];
  /** Receives the events of the run `execute` makes or resumes. */
  onEvent?: ExecutionEventListener;
}

/** The two halves of the AI SDK's tool approval, for an `execute` tool whose code mode pauses at approvals. */
export interface PauseAtApproval {
  /**
   * The tool's `needsApproval`: runs the script, and answers true when it paused (its continuation is kept under the
   * tool call's id) or when a run paused in this tool call already waits for its answer.
   */
  needsApproval(run: PausedCallRun): Promise<boolean>;
  /** The tool's `execute`: the result `needsApproval` got, or the paused run resumed with every pending call approved. */
  execute(run: PausedCallRun): Promise<ExecutionResult>;
  /** The calls the run paused in a tool call waits on, or null when none waits there. */
  pending(toolCallId: string): Promise<PendingCall[] | null>;
}

// The AI SDK calls `execute` right after a `needsApproval` that said no, in the same step; a result not collected by
// then (the step ended otherwise) is dropped.
const KEEP_FINISHED_MS = 60_000;

const keyOf = (toolCallId: string) => `ai-sdk:tool-call:${toolCallId}`;

/**
 * Puts a pausing code mode behind the AI SDK's own tool approval. The approval request is for the `execute` call as
 * a whole, so one approval response answers every call the script waits on at that point; a denial is the AI SDK's
 * (the model gets `execution-denied`) and the paused run is never resumed, so no call after the pause runs.
 */
export function createPauseAtApproval(codeMode: CodeMode, store: ContinuationStore, ttlMs: number): PauseAtApproval {
  const finished = new Map<string, ExecutionResult>();

  async function paused({ toolCallId, code }: PausedCallRun): Promise<PausedCall | null> {
    const kept = await store.get(keyOf(toolCallId));
    const call = kept === null ? null : (JSON.parse(kept) as PausedCall);
    return call?.code === code ? call : null;
  }

  function run({ code, owner, context, signal, allow, onEvent }: PausedCallRun): Promise<ExecutionResult> {
    return codeMode.execute(code, { owner, context, ...(signal ? { signal } : {}), ...(allow ? { allow } : {}), ...(onEvent ? { onEvent } : {}) });
  }

  return {
    async pending(toolCallId) {
      const kept = await store.get(keyOf(toolCallId));
      return kept === null ? null : (JSON.parse(kept) as PausedCall).pending;
    },
    async needsApproval(call) {
      // Asked before: this is the AI SDK checking an answered call again, so nothing runs here.
      if ((await paused(call)) !== null || wasAsked(call)) return true;
      const result = await run(call);
      if (result.status === "paused" && result.continuation !== undefined) {
        const kept: PausedCall = { code: call.code, continuation: result.continuation, pending: result.pending ?? [] };
        await store.set(keyOf(call.toolCallId), JSON.stringify(kept), ttlMs);
        return true;
      }
      finished.set(call.toolCallId, result);
      setTimeout(() => finished.delete(call.toolCallId), KEEP_FINISHED_MS).unref();
      return false;
    },
    async execute(call) {
      const done = finished.get(call.toolCallId);
      if (done) {
        finished.delete(call.toolCallId);
        return done;
      }
      const kept = await paused(call);
      if (kept === null && wasAsked(call)) return gone();
      // Called without the approval step (directly, or by a framework that skips it): an ordinary run.
      if (kept === null) return withoutContinuation(await run(call));
      const decisions = Object.fromEntries(kept.pending.map(({ callId }) => [callId, true] as const));
      const result = await codeMode.resume(kept.continuation, {
        decisions,
        owner: call.owner,
        code: call.code,
        context: call.context,
        ...(call.signal ? { signal: call.signal } : {}),
        ...(call.onEvent ? { onEvent: call.onEvent } : {}),
      });
      return withoutContinuation(result);
    },
  };
}

/** Whether the request's messages hold an approval request for this tool call: its run paused in an earlier one. */
function wasAsked({ toolCallId, messages }: PausedCallRun): boolean {
  return messages.some((message) => {
    const content = (message as { role?: unknown; content?: unknown }).content;
    if (!Array.isArray(content)) return false;
    return content.some((part: { type?: unknown; toolCallId?: unknown }) => part.type === "tool-approval-request" && part.toolCallId === toolCallId);
  });
}

/** The answer to an approval whose paused run is no longer kept: nothing runs, and the model is told so. */
function gone(): ExecutionResult {
  const message =
    "The paused run this approval was for is gone (it expired, or it was kept in a store this process does not share), so nothing ran.";
  return { status: "failed", result: null, error: { kind: "ContinuationRefused", message, line: null, column: null }, diagnostics: [], logs: [], toolCalls: [], durationMs: 0 };
}

/**
 * A run that pauses again after its approval cannot ask through the same tool call: the AI SDK asks once per call.
 * Its result goes to the model as it is (the calls that wait did not run), without a continuation nobody will use.
 */
function withoutContinuation(result: ExecutionResult): ExecutionResult {
  if (result.continuation === undefined) return result;
  const { continuation: _continuation, ...rest } = result;
  return rest as ExecutionResult;
}
