import {
  createCodeMode,
  executeInputSchema,
  toModelView,
  type CodeMode,
  type CreateCodeModeOptions,
  type ExecuteToolInput,
  type ExecutionEvent,
  type ExecutionResult,
  type JsonSchema,
} from "@codemode/core";
import { toolDefinition, type JSONSchema, type ServerTool, type ToolExecutionContext } from "@tanstack/ai";
import { fromTanStackTools, type NamespaceOption, type TanStackTool } from "./from-tanstack-tools.js";

/** The custom event that carries each run's full ExecutionResult to the host, beside the compact view the model reads. */
export const EXECUTION_EVENT = "codemode:execution";

/**
 * The custom event that carries each of a run's events while it runs (`{ event }`, an ExecutionEvent: a tool call's
 * start and end, console lines, an approval asked and answered, the end), so a UI can show the run's progress.
 */
export const PROGRESS_EVENT = "codemode:progress";

/** Options of {@link createCodeModeTool}: the TanStack tools, where they go, and the core's own options. */
export interface CreateCodeModeToolOptions extends Omit<CreateCodeModeOptions, "tools"> {
  /** The tools scripts can call: server tools, or `@tanstack/ai-mcp` tools (see `loadMcpTools` for their exact results). */
  tools: readonly TanStackTool[];
  /** The tool's name as the model sees it. Default `execute`. */
  name?: string;
  /** One namespace for every tool, or a map from tool name to namespace; tools it does not place are flat. */
  namespace?: NamespaceOption;
  /** Tool-name patterns (`billing.*`) the model may use; every other tool is invisible to it. */
  allow?: readonly string[];
  /** Token budget of the tool's description (the catalog's prompt). */
  tokenBudget?: number;
  /** Told about every tool left out of code mode (client tools); default `console.warn`. */
  onWarning?: (message: string) => void;
  /** With sessions on: who is asking, as a string or read from each call's context. Default `""`. */
  owner?: string | ((context: ToolExecutionContext) => string);
}

/** The input the model writes: one script and, with sessions on, the session to run it in. */
export type CodeModeToolInput = Omit<ExecuteToolInput, "args">;

/** One TanStack AI server tool that runs scripts against the given tools; close it to stop its worker threads. */
export type CodeModeTool = ServerTool<JSONSchema, JSONSchema, string> & {
  /** The code mode behind the tool, for its catalog or declarations. */
  readonly codeMode: CodeMode;
  /** Stops the worker threads; the tool cannot run scripts afterwards. */
  close(): Promise<void>;
};

/**
 * Wraps TanStack AI tools into one server tool for `chat()` whose input is a script that calls them. The model reads
 * a compact view of each run; the full ExecutionResult goes to the host as the custom event `codemode:execution`, and
 * the run's events, while it runs, as `codemode:progress`.
 *
 * @example
 * const execute = createCodeModeTool({ tools: [listInvoices, getCustomer], namespace: "billing" });
 * const stream = chat({ adapter, messages, tools: [execute] });
 * // ... when done:
 * await execute.close();
 */
export function createCodeModeTool(options: CreateCodeModeToolOptions): CodeModeTool {
  const { tools, name = "execute", namespace, allow, tokenBudget, onWarning = console.warn, owner = "", ...codeModeOptions } = options;
  const codeMode = createCodeMode({ ...codeModeOptions, tools: fromTanStackTools(tools, { namespace, onWarning }) });
  const definition = toolDefinition({
    name,
    description: codeMode.prompt({ allow, tokenBudget }),
    inputSchema: executeInputSchema({ sessions: Boolean(codeModeOptions.sessions) }) as JsonSchema as JSONSchema,
  });
  // The call's context (its `context`, toolCallId and emitCustomEvent) reaches every inner tool, its abortSignal stops the run.
  const executeTool = definition.server(async (input: unknown, context?: ToolExecutionContext) => {
    const { code, sessionId } = input as CodeModeToolInput;
    const call = context ?? { emitCustomEvent: () => {} };
    const session = sessionId === undefined ? {} : { sessionId, owner: typeof owner === "function" ? owner(call) : owner };
    // Outside chat() nobody hears custom events, and a run without a listener builds none.
    const onEvent = context ? (event: ExecutionEvent) => context.emitCustomEvent(PROGRESS_EVENT, { event }) : undefined;
    const result: ExecutionResult = await codeMode.execute(code, { signal: call.abortSignal, allow, context: call, onEvent, ...session });
    call.emitCustomEvent(EXECUTION_EVENT, { result });
    return toModelView(result);
  });
  return Object.assign(executeTool as ServerTool<JSONSchema, JSONSchema, string>, { codeMode, close: () => codeMode.close() });
}
