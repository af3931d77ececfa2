import {
  createCodeMode,
  executeInputSchema,
  EXECUTION_RESULT_SCHEMA,
  toModelView,
  type CodeMode,
  type CreateCodeModeOptions,
  type ExecuteToolInput,
  type ExecutionResult,
  type PendingCall,
} from "@codemode/core";
import { toStandardSchema } from "@mastra/core/schema";
import { createTool, type Tool, type ToolExecutionContext } from "@mastra/core/tools";
import { fromMastraTools, type MastraTool, type NamespaceOption } from "./from-mastra-tools.js";

/** Options of {@link createCodeModeTool}: the Mastra tools, where they go, and the core's own options. */
export interface CreateCodeModeToolOptions extends Omit<CreateCodeModeOptions, "tools"> {
  /** The tools scripts can call, as an `Agent` takes them: `createTool()` tools, or `@mastra/mcp` tools. */
  tools: Readonly<Record<string, MastraTool>>;
  /** The tool's id as the model sees it. Default `execute`. */
  id?: string;
  /** One namespace for every tool, or a map from tool key to namespace; tools it does not place are flat. */
  namespace?: NamespaceOption;
  /** Tool-name patterns (`billing.*`) the model may use; every other tool is invisible to it. */
  allow?: readonly string[];
  /** Token budget of the tool's description (the catalog's prompt). */
  tokenBudget?: number;
  /** Told about every tool left out of code mode; default `console.warn`. */
  onWarning?: (message: string) => void;
  /**
   * Who is asking: a session runs only for its owner, and a paused run resumes only for the owner it paused for. A
   * string, or read from each call's context (e.g. `requestContext.get("userId")`). Default `""`.
   */
  owner?: string | ((context: ToolExecutionContext) => string);
}

/** The input the model writes: one script and, with sessions on, the session to run it in. */
export type CodeModeToolInput = Omit<ExecuteToolInput, "args">;

/** What a run paused for approval suspends with: the calls it waits on, and the signed continuation. */
export interface CodeModeSuspendPayload {
  pending: PendingCall[];
  continuation: string;
}

/** The answer `agent.resumeGenerate` / `resumeStream` carries for a suspended run: one decision for every pending call. */
export interface CodeModeResumeData {
  approved: boolean;
  reason?: string;
}

/** One Mastra tool that runs scripts against the given tools; close it to stop its worker threads. */
export type CodeModeTool = Tool<CodeModeToolInput, ExecutionResult> & {
  /** The code mode behind the tool, for its catalog or declarations. */
  readonly codeMode: CodeMode;
  /** Stops the worker threads; the tool cannot run scripts afterwards. */
  close(): Promise<void>;
};

/**
 * Wraps Mastra tools into one tool for an `Agent` whose input is a script that calls them. The model reads a compact
 * view of each run (`toModelOutput`); the tool's output is the full ExecutionResult. With `approvals: { mode: "pause" }`
 * a run that waits for a person suspends the tool (Mastra's `suspend`), and `agent.resumeGenerate({ approved })`
 * resumes it from where it paused.
 *
 * @example
 * const execute = createCodeModeTool({ tools: { listInvoices, getCustomer }, namespace: "billing" });
 * const agent = new Agent({ id: "billing", name: "billing", instructions, model, tools: { execute } });
 * // ... when done:
 * await execute.close();
 */
export function createCodeModeTool(options: CreateCodeModeToolOptions): CodeModeTool {
  const { tools, id = "execute", namespace, allow, tokenBudget, onWarning = console.warn, owner = "", ...codeModeOptions } = options;
  const codeMode = createCodeMode({ ...codeModeOptions, tools: fromMastraTools(tools, { namespace, onWarning }) });
  const ownerOf = (context: ToolExecutionContext) => (typeof owner === "function" ? owner(context) : owner);
  const tool = createTool({
    id,
    description: codeMode.prompt({ allow, tokenBudget }),
    inputSchema: toStandardSchema<CodeModeToolInput>(executeInputSchema({ sessions: Boolean(codeModeOptions.sessions) }) as never),
    outputSchema: toStandardSchema<ExecutionResult>(EXECUTION_RESULT_SCHEMA as never),
    toModelOutput: (output: ExecutionResult) => toModelView(output),
    // The call's context (requestContext, mastra, the agent's ids and tracing) reaches every inner tool.
    execute: async ({ code, sessionId }, context) => {
      const { suspend, resumeData, suspendPayload } = (context.agent ?? context) as Pick<ToolExecutionContext, "suspend" | "resumeData" | "suspendPayload">;
      const common = { signal: context.abortSignal, context, owner: ownerOf(context) };
      const paused = suspendPayload as CodeModeSuspendPayload | undefined;
      const result =
        paused?.continuation && resumeData !== undefined
          ? await codeMode.resume(paused.continuation, { ...common, code, decisions: decisionsOf(resumeData as CodeModeResumeData, paused.pending) })
          : await codeMode.execute(code, { ...common, allow, ...(sessionId === undefined ? {} : { sessionId }) });
      if (result.status === "paused" && result.continuation && suspend) {
        await suspend({ pending: result.pending ?? [], continuation: result.continuation } satisfies CodeModeSuspendPayload);
      }
      return result;
    },
  });
  return Object.assign(tool as unknown as Tool<CodeModeToolInput, ExecutionResult>, { codeMode, close: () => codeMode.close() });
}

/** One answer for every call the run waits on; only a clear yes runs them. */
function decisionsOf(answer: CodeModeResumeData, pending: readonly PendingCall[]) {
  const decision = answer?.approved === true ? { approved: true } : { approved: false, reason: answer?.reason ?? "the reviewer declined it" };
  return Object.fromEntries(pending.map(({ callId }) => [callId, decision]));
}
