import {
  createCodeMode,
  createMemoryContinuationStore,
  executeInputSchema,
  formatExecutionResult,
  type CodeMode,
  type CreateCodeModeOptions,
  type ExecuteToolInput,
  type ContinuationStore,
  type ExecutionEventListener,
  type ExecutionResult,
} from "@codemode/core";
import { dispatchCustomEvent } from "@langchain/core/callbacks/dispatch";
import type { CallbackManagerForToolRun } from "@langchain/core/callbacks/manager";
import { StructuredTool, type ToolSchemaBase, type ToolRunnableConfig } from "@langchain/core/tools";
import { fromLangChainTools, type NamespaceOption } from "./from-langchain-tools.js";
import { runWithInterrupts } from "./interrupt-at-approval.js";
import type { LangChainTool } from "./langchain-tool.js";
import type { InterruptOnOption } from "./to-requires-approval.js";

/** Options of {@link createCodeModeTool}; the core's options (limits, search, poolSize, catalog) pass through. */
export interface CreateCodeModeToolOptions extends Omit<CreateCodeModeOptions, "tools"> {
  /** The LangChain tools scripts can call. */
  tools: readonly LangChainTool[];
  /** The tool's name as the model sees it. Default `execute`. */
  name?: string;
  /** Where each tool sits in the script's `tools` object. Default: flat, each tool called as `tools.<name>(args)`. */
  namespace?: NamespaceOption;
  /** Tool-name patterns (`billing.*`) the model may use; others are invisible to it. Default: every tool. */
  allow?: readonly string[];
  /** Token budget of the tool's description (the catalog's prompt). */
  tokenBudget?: number;
  /**
   * Which tools' calls wait for `approve` (a person's yes) before they run; a denied call gives the script
   * `access_denied`. Keyed like `humanInTheLoopMiddleware`'s `interruptOn`, so a LangChain user can move the same map
   * over. The question goes to `approve`; with `approvals: { mode: "pause" }`, inside a graph, it becomes a LangGraph
   * interrupt whose resume value decides.
   */
  interruptOn?: InterruptOnOption;
  /**
   * Who is asking: a session (with `sessions` on) runs only for the owner that started it, and a paused run (with
   * `approvals: { mode: "pause" }`) resumes only for the owner it paused for. A string, or read from each run's config
   * (e.g. a user id in `configurable`). Default `""`, one owner for every call.
   */
  owner?: string | ((config: ToolRunnableConfig) => string);
}

const CODE_SCHEMA = executeInputSchema();
const SESSION_SCHEMA = executeInputSchema({ sessions: true });

/** Fields of a {@link CodeModeTool}. */
export interface CodeModeToolFields {
  codeMode: CodeMode;
  name: string;
  description: string;
  allow?: readonly string[];
  /** With sessions on: the input takes a `sessionId`, and this says who is asking. */
  owner?: string | ((config: ToolRunnableConfig) => string);
  /**
   * Present when the code mode pauses at approvals: where each tool call's paused runs are kept between the graph's
   * interrupt and its resume, and for how long; `owner` then says who may resume them.
   */
  pause?: { store: ContinuationStore; ttlMs: number; owner: string | ((config: ToolRunnableConfig) => string) };
}

/**
 * The code-mode tool: one LangChain StructuredTool that runs a script against the wrapped tools. It returns
 * `[content, artifact]`: compact text for the model and the full ExecutionResult as the ToolMessage's artifact.
 */
export class CodeModeTool extends StructuredTool {
  static override lc_name(): string {
    return "CodeModeTool";
  }

  override name: string;
  override description: string;
  override schema = CODE_SCHEMA as ToolSchemaBase;
  override responseFormat = "content_and_artifact";
  /** The core code mode that runs the scripts; it owns worker threads, so call {@link CodeModeTool.close}. */
  readonly codeMode: CodeMode;
  readonly #allow: readonly string[] | undefined;
  readonly #owner: string | ((config: ToolRunnableConfig) => string) | undefined;
  readonly #pause: CodeModeToolFields["pause"];

  constructor(fields: CodeModeToolFields) {
    super();
    this.name = fields.name;
    this.description = fields.description;
    this.codeMode = fields.codeMode;
    this.#allow = fields.allow;
    this.#owner = fields.owner;
    this.#pause = fields.pause;
    if (fields.owner !== undefined) this.schema = SESSION_SCHEMA as ToolSchemaBase;
  }

  protected override async _call(
    input: ExecuteToolInput,
    runManager?: CallbackManagerForToolRun,
    parentConfig?: ToolRunnableConfig,
  ): Promise<[string, ExecutionResult]> {
    // The inner tools run as children of this run: same tags, metadata and store, but not this run's id, name or
    // tool call (a toolCall in the config would make every inner tool answer with this call's ToolMessage).
    const { toolCall: _call, runId: _id, runName: _name, callbacks: _callbacks, signal, ...inherited } =
      parentConfig ?? {};
    const context: ToolRunnableConfig = { ...inherited, callbacks: runManager?.getChild() };
    const owner = this.#owner;
    const session =
      input.sessionId === undefined || owner === undefined
        ? {}
        : { sessionId: input.sessionId, owner: typeof owner === "function" ? owner(parentConfig ?? {}) : owner };
    const pause = this.#pause;
    const toolCallId = parentConfig?.toolCall?.id;
    const onEvent = eventsOf(runManager, parentConfig, context, toolCallId);
    const configurable = (parentConfig?.configurable ?? {}) as { thread_id?: unknown; checkpoint_ns?: unknown };
    // A graph interrupt needs a graph: outside one (no thread), or in a session, the run goes to execute as before.
    if (pause && input.sessionId === undefined && toolCallId !== undefined && configurable.thread_id !== undefined) {
      const owner = typeof pause.owner === "function" ? pause.owner(parentConfig ?? {}) : pause.owner;
      const key = `langgraph:${String(configurable.thread_id)}:${String(configurable.checkpoint_ns ?? "")}:${toolCallId}`;
      const call = { key, code: input.code, owner, context, ...(signal ? { signal } : {}), ...(this.#allow ? { allow: this.#allow } : {}), ...(onEvent ? { onEvent } : {}) };
      const result = await runWithInterrupts(this.codeMode, pause.store, pause.ttlMs, call);
      return [formatExecutionResult(result), result];
    }
    const result = await this.codeMode.execute(input.code, { signal, allow: this.#allow, context, ...session, ...(onEvent ? { onEvent } : {}) });
    return [formatExecutionResult(result), result];
  }

  /** Stops the code mode's worker threads; later runs fail. */
  close(): Promise<void> {
    return this.codeMode.close();
  }
}

/** The name of the custom events a run dispatches, and the key of its chunks in a graph's `custom` stream. */
export const CODEMODE_EVENT = "codemode";

/**
 * Where a run's events go, when anyone can hear them: inside a LangGraph graph, its `config.writer` (the `custom`
 * stream mode), as `{ codemode: event, toolCallId }`; and to the callbacks as custom events named `codemode`, which
 * `streamEvents` delivers as `on_custom_event` (a dispatch failure is the handler's own). Undefined when there is
 * neither a writer nor a callback handler, so the run builds no events.
 */
function eventsOf(
  runManager: CallbackManagerForToolRun | undefined,
  parentConfig: ToolRunnableConfig | undefined,
  context: ToolRunnableConfig,
  toolCallId: string | undefined,
): ExecutionEventListener | undefined {
  const writer = (parentConfig as { writer?: unknown } | undefined)?.writer;
  const write = typeof writer === "function" ? (writer as (chunk: unknown) => void) : undefined;
  const dispatching = (runManager?.handlers.length ?? 0) > 0;
  if (!write && !dispatching) return undefined;
  return (event) => {
    write?.({ [CODEMODE_EVENT]: event, toolCallId });
    if (dispatching) dispatchCustomEvent(CODEMODE_EVENT, event, context).catch(() => undefined);
  };
}

/** The core's default `ttlMs` of a continuation: each tool call's paused runs are kept as long. */
const CONTINUATION_TTL_MS = 24 * 60 * 60 * 1000;

/**
 * Wraps LangChain tools into one `execute` tool whose input is a script: the model plans in code, and the script
 * calls the tools as `tools.<namespace>.<name>(args)`, or `tools.<name>(args)` without a namespace.
 *
 * @example
 * const execute = createCodeModeTool({ tools: [listInvoices, getCustomer], namespace: "billing" });
 * const agent = createAgent({ model, tools: [execute] });
 * // ... when done:
 * await execute.close();
 */
export function createCodeModeTool(options: CreateCodeModeToolOptions): CodeModeTool {
  const { tools, name = "execute", namespace, allow, tokenBudget, owner = "", interruptOn, ...coreOptions } = options;
  // In pause mode the core's records and each tool call's paused runs share one store, made here when none is given.
  const approvals =
    coreOptions.approvals?.mode === "pause" ? { ...coreOptions.approvals, store: coreOptions.approvals.store ?? createMemoryContinuationStore() } : undefined;
  const codeMode = createCodeMode({ ...coreOptions, ...(approvals ? { approvals } : {}), tools: fromLangChainTools(tools, { namespace, interruptOn }) });
  const description = codeMode.prompt({ allow, tokenBudget });
  const pause = approvals ? { store: approvals.store, ttlMs: approvals.ttlMs ?? CONTINUATION_TTL_MS, owner } : undefined;
  return new CodeModeTool({ codeMode, name, description, allow, ...(coreOptions.sessions ? { owner } : {}), ...(pause ? { pause } : {}) });
}
