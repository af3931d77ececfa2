import {
  createCodeMode,
  fromCallToolResult,
  isCallToolResult,
  isCodeModeError,
  type CodeMode,
  type CreateCodeModeOptions,
  type ExecutionResult,
  type JsonSchema,
  type ToolDefinition,
} from "@codemode/core";
import type { ExecuteResult, Executor, ResolvedProvider } from "@cloudflare/codemode";

/** Options of {@link createCodeModeExecutor}: the core's options, less what Cloudflare's code tools decide. */
export interface CodeModeExecutorOptions extends Omit<CreateCodeModeOptions, "tools" | "search" | "output" | "sessions"> {
  /** Told about every run's full ExecutionResult (tool calls, timings, diagnostics), which Cloudflare's result leaves out. */
  onResult?: (result: ExecutionResult) => void;
  /**
   * The JSON Schema of each tool's input, by `provider.tool`. Cloudflare hands an executor functions only; with their
   * schemas the engine checks arguments, and refuses a script its calls rule out before anything runs (`check`).
   */
  inputSchemas?: Readonly<Record<string, JsonSchema>>;
}

/** Options of one {@link CodeModeExecutor.execute} call beyond Cloudflare's: a signal that stops the run. */
export interface CodeModeExecuteOptions {
  connectors?: unknown[];
  /** Stops the run and aborts its calls' signals. Cloudflare's `createCodeTool` passes none: there a run ends at `timeoutMs`. */
  signal?: AbortSignal;
}

/** The functions of the deprecated form of `execute`'s second argument: one provider, named `codemode`. */
export type ProviderFunctions = Record<string, (...args: unknown[]) => Promise<unknown>>;

/** Cloudflare's `Executor` on this engine; close it to stop its worker threads. */
export interface CodeModeExecutor extends Executor {
  execute(code: string, providersOrFns: ResolvedProvider[] | ProviderFunctions, options?: CodeModeExecuteOptions): Promise<ExecuteResult>;
  /** The code mode behind the executor. */
  readonly codeMode: CodeMode;
  /** Stops the worker threads; later runs fail. */
  close(): Promise<void>;
}

/**
 * An `Executor` for `@cloudflare/codemode` that runs its scripts on this engine, so `createCodeTool({ tools, executor })`
 * works where Cloudflare's own executors do not: on Node (no Worker Loader, no browser), and inside a Worker on the
 * core's in-process engine. Each provider is a namespace of the sandbox (`codemode.searchWeb(...)`); a call resolves
 * to the tool's value and a failed one throws an error carrying the tool's message, as in Cloudflare's
 * `DynamicWorkerExecutor` (`callStyle: "envelope"` gives the engine's `{ ok, data | error }` envelopes instead). It
 * never throws: a failure is the result's `error`, with its line. Each function gets the call's arguments and, as a
 * second argument, `{ signal }`, which fires when the run ends or is cancelled.
 *
 * @example
 * const executor = createCodeModeExecutor({ limits: { timeoutMs: 10_000 } });
 * const codeTool = createCodeTool({ tools: [tanstackTools(myTools)], executor });
 */
export function createCodeModeExecutor(options: CodeModeExecutorOptions = {}): CodeModeExecutor {
  const { onResult, inputSchemas = {}, ...codeModeOptions } = options;
  const codeMode = createCodeMode({ callStyle: "value", ...codeModeOptions, search: false });

  /** Each provider's functions as the run's globals under its name. */
  const globalsOf = (providers: readonly ResolvedProvider[]): ToolDefinition[] =>
    providers.flatMap(({ name, fns }) =>
      Object.entries(fns).map(([fn, call]) => {
        const tool = `${name}.${sanitizeToolName(fn)}`;
        const inputSchema = inputSchemas[tool];
        return { name: tool, description: "", ...(inputSchema ? { inputSchema } : {}), execute: async (args, { signal }) => fromMcpResult(await call(args, { signal })) };
      }),
    );

  return {
    codeMode,
    async execute(code, providersOrFns, executeOptions = {}) {
      const providers = Array.isArray(providersOrFns) ? providersOrFns : [{ name: "codemode", fns: providersOrFns }];
      const refused = refusalOf(providers, executeOptions);
      if (refused) return { result: undefined, error: refused };
      // A prelude is host code of any number of lines: a direct `eval` on the script's first line runs it in the
      // script's scope and keeps the script's own line numbers.
      const preludes = providers.flatMap(({ prelude }) => (prelude ? [`eval(${JSON.stringify(prelude)});`] : []));
      const program = `${preludes.join(" ")} return await (${code.trim()}\n)();`;
      let result: ExecutionResult;
      try {
        result = await codeMode.execute(program, { globals: globalsOf(providers), ...(executeOptions.signal ? { signal: executeOptions.signal } : {}) });
      } catch (error) {
        // A provider named as no global can be, or an executor already closed: Cloudflare's executors answer, never throw.
        if (!isCodeModeError(error)) throw error;
        return { result: undefined, error: error.message };
      }
      onResult?.(result);
      return toExecuteResult(result);
    },
    close: () => codeMode.close(),
  };
}

/** A function returning an MCP CallToolResult gives the script what every adapter gives for it (the core's MCP rule). */
function fromMcpResult(output: unknown): unknown {
  return isCallToolResult(output) ? fromCallToolResult(output) : output;
}

/** Why a run cannot start, as Cloudflare's executors word it; null when it can. */
function refusalOf(providers: readonly ResolvedProvider[], options: CodeModeExecuteOptions): string | null {
  if (options.connectors?.length) return "Connectors are Workers RPC bindings, which this executor cannot call: pass their tools as providers.";
  const names = providers.map(({ name }) => name);
  const twice = names.find((name, index) => names.indexOf(name) !== index);
  return twice === undefined ? null : `Duplicate provider name "${twice}"`;
}

/** Cloudflare's tool-name rule, so the names the model was shown (`codemode.get_weather`) are the ones that exist. */
function sanitizeToolName(name: string): string {
  const cleaned = name.replace(/[-.\s]/g, "_").replace(/[^A-Za-z0-9_]/g, "");
  if (!cleaned) return "_";
  return /^[0-9]/.test(cleaned) ? `_${cleaned}` : cleaned;
}

/** The engine's result as Cloudflare's executors report it; what the logs lost is said in a last log line. */
function toExecuteResult(result: ExecutionResult): ExecuteResult {
  const omitted = result.truncation?.logsOmitted ?? 0;
  const logs = omitted > 0 ? [...result.logs, `[codemode] ${omitted} more log lines were truncated.`] : result.logs;
  if (result.status === "completed") return { result: result.result, logs };
  const error = result.error ?? { kind: "ScriptError", message: "The run did not complete.", line: null, column: null };
  const where = error.line === null ? "" : ` (line ${error.line}${error.column === null ? "" : `, column ${error.column}`})`;
  // The check's findings (each with its code and line) say what to fix; Cloudflare's result has only the error text.
  const findings = result.diagnostics.map((diagnostic) => `\n- ${diagnostic.code}${diagnostic.line === undefined ? "" : ` (line ${diagnostic.line})`}: ${diagnostic.message}`);
  return { result: undefined, error: `${error.kind}: ${error.message}${where}${findings.join("")}`, logs };
}
