import {
  createCodeMode,
  createMemoryContinuationStore,
  EXECUTION_RESULT_SCHEMA,
  executeInputSchema,
  toModelView,
  type ApprovalOptions,
  type CodeMode,
  type ContinuationStore,
  type CreateCodeModeOptions,
  type ExecuteToolInput,
  type ExecutionResult,
  type PendingCall,
} from "@codemode/core";
import { jsonSchema, tool, type Tool, type ToolSet } from "ai";
import { fromAiSdkTools, type NamespaceOption, type ToolCallOptions } from "./from-ai-sdk-tools.js";
import { createPauseAtApproval, type PausedCallRun } from "./pause-at-approval.js";
import { streamRun, type ExecutionProgress } from "./stream-run.js";

/** Options of {@link createCodeModeTool}: the AI SDK tools, where they go, and the core's own options. */
export interface CreateCodeModeToolOptions extends Omit<CreateCodeModeOptions, "tools"> {
  /** The tools scripts can call, as passed to `generateText`. */
  tools: ToolSet;
  /**
   * One namespace for every tool (`tools.<namespace>.<name>`), or a map from tool name to namespace. Tools it does
   * not place are flat: `tools.<name>(args)`.
   */
  namespace?: NamespaceOption;
  /** Tool-name patterns (`billing.*`) the model may use; every other tool is invisible to it. */
  allow?: readonly string[];
  /** Token budget of the tool's description (the catalog's prompt). */
  tokenBudget?: number;
  /** Told about every tool left out of code mode (provider-executed, no execute); default `console.warn`. */
  onWarning?: (message: string) => void;
  /**
   * Who is asking: a session (with `sessions` on) runs only for the owner that started it, and a paused run (with
   * `approvals: { mode: "pause" }`) resumes only for the owner it paused for. A string, or read from each call's
   * options (e.g. a user id in `experimental_context` with ai 6, `context` with ai 7). Default `""`, one owner for
   * every call.
   */
  owner?: string | ((callOptions: ToolCallOptions) => string);
}

/** The input the model writes: one script and, with sessions on, the session to run it in. */
export type CodeModeToolInput = Omit<ExecuteToolInput, "args">;

/**
 * What the tool outputs: its final output is the run's ExecutionResult; while the script runs, `streamText` and
 * `useChat` show preliminary outputs, each the run's ExecutionProgress (`status: "running"`).
 */
export type CodeModeToolOutput = ExecutionResult | ExecutionProgress;

/** One AI SDK tool that runs scripts against the given tools; close it to stop its worker threads. */
export type CodeModeTool = Tool<CodeModeToolInput, CodeModeToolOutput> & {
  /** The code mode behind the tool, for its catalog or declarations. */
  readonly codeMode: CodeMode;
  /**
   * With `approvals: { mode: "pause" }`: the calls a run paused in this `execute` tool call waits on (tool,
   * arguments, line), for the approval UI to show next to the script; null when none waits there.
   */
  pending(toolCallId: string): Promise<PendingCall[] | null>;
  /** Stops the worker threads; the tool cannot run scripts afterwards. */
  close(): Promise<void>;
};

/**
 * Wraps an AI SDK ToolSet into one `execute` tool whose input is a script that calls those tools. The model sees a
 * compact view of each execution; the host gets the full ExecutionResult as the tool's output, and while the script
 * runs, its progress as preliminary results (each tool call started and ended, console lines, approvals).
 *
 * @example
 * const execute = createCodeModeTool({ tools: { list_invoices, get_customer }, namespace: "billing" });
 * const { text } = await generateText({ model, tools: { execute }, stopWhen: stepCountIs(5), prompt });
 * await execute.close();
 */
export function createCodeModeTool(options: CreateCodeModeToolOptions): CodeModeTool {
  const { tools, namespace, allow, tokenBudget, onWarning = console.warn, owner = "", ...codeModeOptions } = options;
  const approvals = pausedApprovalsOf(codeModeOptions.approvals);
  const codeMode = createCodeMode({ ...codeModeOptions, ...(approvals ? { approvals } : {}), tools: fromAiSdkTools(tools, { namespace, onWarning }) });
  const ownerOf = (callOptions: ToolCallOptions) => (typeof owner === "function" ? owner(callOptions) : owner);
  const pause = approvals ? createPauseAtApproval(codeMode, approvals.store, approvals.ttlMs ?? CONTINUATION_TTL_MS) : undefined;
  // needsApproval gets no abort signal from the AI SDK; the run it starts is bounded by timeoutMs.
  const pausedCall = (input: CodeModeToolInput, callOptions: ToolCallOptions): PausedCallRun => ({
    toolCallId: callOptions.toolCallId,
    code: input.code,
    owner: ownerOf(callOptions),
    context: callOptions,
    messages: callOptions.messages ?? [],
    ...(callOptions.abortSignal ? { signal: callOptions.abortSignal } : {}),
    ...(allow ? { allow } : {}),
  });
  // Inferred, not spelt as type arguments: ai 7's tool() takes a third (context) type parameter.
  const executeTool: Tool<CodeModeToolInput, CodeModeToolOutput> = tool({
    description: codeMode.prompt({ allow, tokenBudget }),
    inputSchema: jsonSchema<CodeModeToolInput>(executeInputSchema({ sessions: Boolean(codeModeOptions.sessions) })),
    outputSchema: jsonSchema<CodeModeToolOutput>(EXECUTION_RESULT_SCHEMA),
    // With approvals paused, the AI SDK's own approval asks the person: the run pauses in needsApproval, and the
    // approved call's execute resumes it, in this process or another one sharing the continuation store.
    // A script in a session runs in its execute as before: a session's run does not pause.
    ...(pause
      ? {
          needsApproval: async (input: CodeModeToolInput, callOptions: unknown) =>
            input.sessionId === undefined && (await pause.needsApproval(pausedCall(input, callOptions as ToolCallOptions))),
        }
      : {}),
    // The AI SDK's call options travel as the context, so every inner tool sees the outer call's messages and id. The
    // run is a promise of its result that the AI SDK iterates for its progress (preliminary results).
    execute: ({ code, sessionId }, callOptions) =>
      streamRun((onEvent) =>
        pause && sessionId === undefined
          ? pause.execute({ ...pausedCall({ code }, callOptions), onEvent })
          : codeMode.execute(code, {
              signal: callOptions.abortSignal,
              allow,
              context: callOptions,
              onEvent,
              ...(sessionId === undefined ? {} : { sessionId, owner: ownerOf(callOptions) }),
            }),
      ),
    toModelOutput: ({ output }: { output: CodeModeToolOutput }) => ({ type: "json", value: modelViewOf(output) }),
  });
  const pending = async (toolCallId: string) => (pause ? pause.pending(toolCallId) : null);
  return Object.assign(executeTool, { codeMode, pending, close: () => codeMode.close() });
}

// Only a run that paused again after its approval reaches the model paused: the AI SDK asks once per tool call.
const STOPPED_NOTE =
  "The script stopped at these calls, which need a person's approval: they did not run, and this run does not go on. " +
  "The calls before them ran. To make them, run a script with only what is left; the person is asked then.";

/** The compact view the model gets; a paused run's note says that nobody will resume it. */
function modelViewOf(output: CodeModeToolOutput) {
  // Only a final output reaches the model; progress is for the UI.
  if (output.status === "running") return { status: output.status, message: output.message };
  const view = toModelView(output);
  return output.status === "paused" ? { ...view, note: STOPPED_NOTE } : view;
}

/** The core's default `ttlMs` of a continuation: the adapter keeps each tool call's paused run as long. */
const CONTINUATION_TTL_MS = 24 * 60 * 60 * 1000;

/**
 * Pause mode's options with the store made here when none was given: the core's records and the adapter's paused
 * tool calls then live in the same one, shared as far as the caller shares it.
 */
function pausedApprovalsOf(approvals: ApprovalOptions | undefined): (ApprovalOptions & { store: ContinuationStore }) | undefined {
  if (approvals?.mode !== "pause") return undefined;
  return { ...approvals, store: approvals.store ?? createMemoryContinuationStore() };
}
