import {
  createCodeMode,
  executeInputSchema,
  formatExecutionResult,
  type CodeMode,
  type CreateCodeModeOptions,
  type ExecuteToolInput,
  type ExecutionResult,
} from "@codemode/core";
import { tool, type FunctionTool, type RunContext, type Tool, type ToolOptions } from "@openai/agents";
import { fromOpenAITools, type NamespaceOption, type OuterCall } from "./from-openai-tools.js";

/** Options of {@link createCodeModeTool}: the SDK's tools, where they go, and the core's own options. */
export interface CreateCodeModeToolOptions extends Omit<CreateCodeModeOptions, "tools"> {
  /** The tools scripts can call: function tools, and the MCP servers' tools from `loadMcpTools`. */
  tools: readonly Tool<any>[];
  /** The tool's name as the model sees it. Default `execute`. */
  name?: string;
  /** One namespace for every tool, or a map from tool name to namespace; tools it does not place are flat. */
  namespace?: NamespaceOption;
  /** Tool-name patterns (`billing.*`) the model may use; every other tool is invisible to it. */
  allow?: readonly string[];
  /** Token budget of the tool's description (the catalog's prompt). */
  tokenBudget?: number;
  /** Told about every tool left out of code mode (hosted tools); default `console.warn`. */
  onWarning?: (message: string) => void;
  /**
   * The SDK's approval of the whole script: `true`, or a function of the run's context and the input, asked before
   * the script runs; the run then ends with an interruption that `state.approve(item)` answers.
   */
  needsApproval?: ToolOptions<any, any>["needsApproval"];
  /** With sessions on: who is asking, as a string or read from the run's context. Default `""`. */
  owner?: string | ((runContext: RunContext<unknown>) => string);
}

/** The input the model writes: one script and, with sessions on, the session to run it in. */
export type CodeModeToolInput = Omit<ExecuteToolInput, "args">;

/** One SDK function tool that runs scripts against the given tools; close it to stop its worker threads. */
export type CodeModeTool = FunctionTool<unknown, any, string> & {
  /** The code mode behind the tool, for its catalog or declarations. */
  readonly codeMode: CodeMode;
  /** Stops the worker threads; the tool cannot run scripts afterwards. */
  close(): Promise<void>;
};

/**
 * Wraps the SDK's function tools into one function tool whose input is a script that calls them. The model reads a
 * compact text of each run; the full ExecutionResult is the tool output item's `customData.result`, for the host.
 *
 * @example
 * const execute = createCodeModeTool({ tools: [listInvoices, getCustomer], namespace: "billing" });
 * const agent = new Agent({ name: "billing", instructions, tools: [execute] });
 * const result = await run(agent, "What does Acme owe?");
 * await execute.close();
 */
export function createCodeModeTool(options: CreateCodeModeToolOptions): CodeModeTool {
  const { tools, name = "execute", namespace, allow, tokenBudget, onWarning = console.warn, needsApproval, owner = "", ...codeModeOptions } = options;
  const codeMode = createCodeMode({ ...codeModeOptions, tools: fromOpenAITools(tools, { namespace, onWarning }) });
  // Each run's full result, by tool call, until the SDK asks for the output item's custom data.
  const results = new Map<string, ExecutionResult>();
  const functionTool = tool({
    name,
    description: codeMode.prompt({ allow, tokenBudget }),
    parameters: executeInputSchema({ sessions: Boolean(codeModeOptions.sessions) }) as never,
    strict: false,
    ...(needsApproval === undefined ? {} : { needsApproval }),
    // The run's context and the call's details reach every inner tool; the call's signal stops the run.
    execute: async (input, runContext, details) => {
      const { code, sessionId } = input as CodeModeToolInput;
      const context: OuterCall = { runContext: runContext!, ...(details ? { details } : {}) };
      const session = sessionId === undefined ? {} : { sessionId, owner: typeof owner === "function" ? owner(runContext!) : owner };
      const result = await codeMode.execute(code, { signal: details?.signal, allow, context, ...session });
      const callId = details?.toolCall?.callId;
      if (callId !== undefined) results.set(callId, result);
      return formatExecutionResult(result);
    },
    customDataExtractor: ({ toolCall }) => {
      const result = results.get(toolCall.callId);
      results.delete(toolCall.callId);
      return result === undefined ? undefined : { result };
    },
  });
  return Object.assign(functionTool as FunctionTool<unknown, any, string>, { codeMode, close: () => codeMode.close() });
}
