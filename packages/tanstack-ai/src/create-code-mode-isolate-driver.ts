import { createCodeMode, type CodeMode, type CreateCodeModeOptions, type ExecutionResult, type JsonSchema } from "@codemode/core";
import type { ExecutionResult as IsolateResult, IsolateConfig, IsolateContext, IsolateDriver, ToolBinding } from "@tanstack/ai-code-mode";

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
  const codeModes = new Map<string, { codeMode: CodeMode; known: Map<string, ToolBinding> }>();

  function codeModeFor({ timeout, memoryLimit }: IsolateConfig) {
    const limits = { ...options.limits, ...(timeout ? { timeoutMs: timeout } : {}), ...(memoryLimit ? { memoryBytes: memoryLimit * MiB } : {}) };
    const key = `${limits.timeoutMs}:${limits.memoryBytes}`;
    let entry = codeModes.get(key);
    if (!entry) {
      entry = { codeMode: createCodeMode({ ...options, limits, callStyle: "value", search: false }), known: new Map() };
      codeModes.set(key, entry);
    }
    return entry;
  }

  return {
    async createContext(config: IsolateConfig): Promise<IsolateContext> {
      const { codeMode, known } = codeModeFor(config);
      learnBindings(codeMode, known, config.bindings);
      const names = Object.keys(config.bindings);
      const running = new AbortController();
      return {
        async execute<T>(code: string) {
          // The bindings are this context's own (TanStack wraps each in per-call event emitters), so every call is
          // dispatched through the run's context; the allowlist keeps other contexts' bindings out of sight.
          const program = `const { ${names.join(", ")} } = tools; ${code}`;
          const result = await codeMode.execute(program, { context: config.bindings, allow: names, signal: running.signal });
          return toIsolateResult<T>(result);
        },
        dispose: async () => running.abort(),
      };
    },
    close: async () => {
      await Promise.all([...codeModes.values()].map(({ codeMode }) => codeMode.close()));
    },
  };
}

/** Adds the bindings this engine has not seen (or whose schema changed) to its tools; running contexts keep theirs. */
function learnBindings(codeMode: CodeMode, known: Map<string, ToolBinding>, bindings: Record<string, ToolBinding>): void {
  const changed = Object.values(bindings).filter(
    (binding) => JSON.stringify(known.get(binding.name)?.inputSchema) !== JSON.stringify(binding.inputSchema),
  );
  if (changed.length === 0) return;
  for (const binding of changed) known.set(binding.name, binding);
  codeMode.setTools(
    [...known.values()].map(({ name, description, inputSchema }) => ({
      name,
      description,
      inputSchema: inputSchema as JsonSchema,
      execute: (args: unknown, { context }: { context: unknown }) => (context as Record<string, ToolBinding>)[name]!.execute(args),
    })),
  );
}

/** The engine's result as TanStack's drivers report it; a failure keeps its line and column in the message. */
function toIsolateResult<T>(result: ExecutionResult): IsolateResult<T> {
  if (result.status === "completed") return { success: true, value: result.result as T, logs: result.logs };
  const error = result.error ?? { kind: "ScriptError", message: "The run did not complete.", line: null, column: null };
  const where = error.line === null ? "" : ` (line ${error.line}${error.column === null ? "" : `, column ${error.column}`})`;
  return { success: false, error: { name: error.kind, message: `${error.message}${where}` }, logs: result.logs };
}
