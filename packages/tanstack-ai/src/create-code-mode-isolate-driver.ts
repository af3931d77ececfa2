import { createCodeMode, type CodeMode, type CreateCodeModeOptions, type ExecutionResult, type JsonSchema } from "@codemode/core";
import type { ExecutionResult as IsolateResult, IsolateConfig, IsolateContext, IsolateDriver } from "@tanstack/ai-code-mode";

/** Options of {@link createCodeModeIsolateDriver}: the core's options, less what TanStack's code mode decides. */
export type CodeModeIsolateDriverOptions = Omit<CreateCodeModeOptions, "tools" | "callStyle" | "search" | "output" | "sessions">;

/** An isolate driver for `@tanstack/ai-code-mode` that runs its programs on this engine; close it to stop its threads. */
export interface CodeModeIsolateDriver extends IsolateDriver {
  /** Stops the worker threads of every code mode the driver made. */
  close(): Promise<void>;
}

const MiB = 1024 * 1024;

/**
 * An `IsolateDriver` for TanStack's own code mode (`createCodeMode({ driver })` from `@tanstack/ai-code-mode`): its
 * `external_*` functions and the program it strips run on this engine, in a pool of QuickJS worker threads, with no
 * native addon. A binding called from the program resolves to its value and a failed one throws, as in TanStack's
 * own drivers. The context's `timeout` and `memoryLimit` become the run's limits; each distinct pair gets one code
 * mode, made on first use and kept, so a context costs no thread start.
 *
 * @example
 * const driver = createCodeModeIsolateDriver();
 * const { tool, systemPrompt } = createCodeMode({ driver, tools: [getWeather] });
 */
export function createCodeModeIsolateDriver(options: CodeModeIsolateDriverOptions = {}): CodeModeIsolateDriver {
  const codeModes = new Map<string, CodeMode>();

  function codeModeFor({ timeout, memoryLimit }: IsolateConfig): CodeMode {
    const limits = { ...options.limits, ...(timeout ? { timeoutMs: timeout } : {}), ...(memoryLimit ? { memoryBytes: memoryLimit * MiB } : {}) };
    const key = `${limits.timeoutMs}:${limits.memoryBytes}`;
    let codeMode = codeModes.get(key);
    if (!codeMode) codeModes.set(key, (codeMode = createCodeMode({ ...options, limits, callStyle: "value", search: false })));
    return codeMode;
  }

  return {
    async createContext(config: IsolateConfig): Promise<IsolateContext> {
      const codeMode = codeModeFor(config);
      // The bindings are this context's own (TanStack wraps each in per-call event emitters): the run's globals.
      const globals = Object.values(config.bindings).map(({ name, description, inputSchema, execute }) => ({
        name,
        description,
        inputSchema: inputSchema as JsonSchema,
        execute: (args: unknown) => execute(args),
      }));
      const running = new AbortController();
      return {
        execute: async <T>(code: string) => toIsolateResult<T>(await codeMode.execute(code, { globals, signal: running.signal })),
        dispose: async () => running.abort(),
      };
    },
    close: async () => {
      await Promise.all([...codeModes.values()].map((codeMode) => codeMode.close()));
    },
  };
}

/** The engine's result as TanStack's drivers report it; a failure keeps its line and column in the message. */
function toIsolateResult<T>(result: ExecutionResult): IsolateResult<T> {
  if (result.status === "completed") return { success: true, value: result.result as T, logs: result.logs };
  const error = result.error ?? { kind: "ScriptError", message: "The run did not complete.", line: null, column: null };
  const where = error.line === null ? "" : ` (line ${error.line}${error.column === null ? "" : `, column ${error.column}`})`;
  return { success: false, error: { name: error.kind, message: `${error.message}${where}` }, logs: result.logs };
}
