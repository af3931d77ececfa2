import { createCodeMode, fromCallToolResult, isCallToolResult, type CodeMode, type JsonSchema, type CreateCodeModeOptions, type ExecutionResult } from "@codemode/core";
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

const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;
// Names the sandbox already holds; a provider named like one would hide it.
const RESERVED = new Set(["tools", "catalog", "console", "args", "Promise", "Error", "Object", "JSON"]);

/**
 * An `Executor` for `@cloudflare/codemode` that runs its scripts on this engine, so `createCodeTool({ tools, executor })`
 * works where Cloudflare's own executors do not (Node, with no Worker Loader and no browser). Each provider is a
 * namespace of the sandbox (`codemode.searchWeb(...)`); a call resolves to the tool's value and a failed one throws
 * an error carrying the tool's message, as in Cloudflare's `DynamicWorkerExecutor` (`callStyle: "envelope"` gives
 * the engine's `{ ok, data | error }` envelopes instead). It never throws: a failure is the result's `error`, with
 * its line. Each function gets the call's arguments and, as a second argument, `{ signal }`, which fires when the
 * run ends or is cancelled.
 *
 * @example
 * const executor = createCodeModeExecutor({ limits: { timeoutMs: 10_000 } });
 * const codeTool = createCodeTool({ tools: [tanstackTools(myTools)], executor });
 */
export function createCodeModeExecutor(options: CodeModeExecutorOptions = {}): CodeModeExecutor {
  const { onResult, inputSchemas = {}, ...codeModeOptions } = options;
  const codeMode = createCodeMode({ callStyle: "value", ...codeModeOptions, search: false });
  const known = new Set<string>();

  function learn(providers: readonly ResolvedProvider[]): void {
    const names = providers.flatMap((provider) => Object.keys(provider.fns).map((fn) => `${provider.name}.${sanitizeToolName(fn)}`));
    if (names.every((name) => known.has(name))) return;
    for (const name of names) known.add(name);
    // The functions are this run's own closures, so each call is dispatched through the run's context.
    codeMode.setTools([...known].map((name) => ({ name, description: "", ...(inputSchemas[name] ? { inputSchema: inputSchemas[name] } : {}), execute: (args, { context, signal }) => (context as Map<string, Dispatch>).get(name)!(args, signal) })));
  }

  return {
    codeMode,
    async execute(code, providersOrFns, executeOptions = {}) {
      const providers = Array.isArray(providersOrFns) ? providersOrFns : [{ name: "codemode", fns: providersOrFns }];
      const refused = refusalOf(providers, executeOptions);
      if (refused) return { result: undefined, error: refused };
      learn(providers);
      const dispatch = new Map<string, Dispatch>();
      for (const { name, fns } of providers) {
        for (const [fn, call] of Object.entries(fns)) dispatch.set(`${name}.${sanitizeToolName(fn)}`, async (args, signal) => fromMcpResult(await call(args, { signal })));
      }
      const program = `${preludeOf(providers)} return await (${code.trim()}\n)();`;
      const allow = [...dispatch.keys()];
      const result = await codeMode.execute(program, { context: dispatch, allow, ...(executeOptions.signal ? { signal: executeOptions.signal } : {}) });
      onResult?.(result);
      return toExecuteResult(result);
    },
    close: () => codeMode.close(),
  };
}

type Dispatch = (args: unknown, signal: AbortSignal) => Promise<unknown>;

/** A function returning an MCP CallToolResult gives the script what every adapter gives for it (the core's MCP rule). */
function fromMcpResult(output: unknown): unknown {
  return isCallToolResult(output) ? fromCallToolResult(output) : output;
}

/** Why a run cannot start, as Cloudflare's executors word it; null when it can. */
function refusalOf(providers: readonly ResolvedProvider[], options: CodeModeExecuteOptions): string | null {
  if (options.connectors?.length) return "Connectors are Workers RPC bindings, which this executor cannot call: pass their tools as providers.";
  const seen = new Set<string>();
  for (const { name } of providers) {
    if (!IDENTIFIER.test(name)) return `Provider name "${name}" is not a valid JavaScript identifier`;
    if (RESERVED.has(name)) return `Provider name "${name}" is reserved`;
    if (seen.has(name)) return `Duplicate provider name "${name}"`;
    seen.add(name);
  }
  return null;
}

/**
 * Each provider as a namespace of the sandbox: the engine's tools of that name, and what a provider's prelude adds to
 * it (the engine's `tools` cannot be changed, so the namespace is an object of its own that reads through to them). All on the script's first line, so the script's own lines keep their numbers: a
 * prelude (host code, any number of lines) runs through a direct `eval` of its text, in the script's scope.
 */
function preludeOf(providers: readonly ResolvedProvider[]): string {
  const own = "Object.prototype.hasOwnProperty.call(own, key)";
  const declarations = providers.map(({ name }) => `const ${name} = new Proxy({}, { get: (own, key) => (${own} ? own[key] : tools.${name}?.[key]) });`);
  const preludes = providers.flatMap(({ prelude }) => (prelude ? [`eval(${JSON.stringify(prelude)});`] : []));
  return [...declarations, ...preludes].join(" ");
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
