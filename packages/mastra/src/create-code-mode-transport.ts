import { createCodeMode, type CodeMode, type CreateCodeModeOptions, type ExecutionResult } from "@codemode/core";
import { sanitizeToolId, type CodeModeToolResult, type CodeModeTransport } from "@mastra/core/tools";

/** Options of {@link createCodeModeTransport}: the core's options, less what Mastra's code mode decides. */
export type CodeModeTransportOptions = Omit<CreateCodeModeOptions, "tools" | "callStyle" | "search" | "output" | "sessions">;

type RunOptions = Parameters<CodeModeTransport["run"]>[0];

/**
 * A transport for Mastra's own code mode (`createCodeMode(config, transport)` from `@mastra/core/tools`) that runs
 * its programs on this engine: in-process QuickJS worker threads, so it needs no sandbox (`requiresSandbox: false`),
 * no native addon and no Node flags. Each `external_*` function dispatches to the real Mastra tool through Mastra's
 * own `dispatch` (its validation, request context and tracing), resolves to the tool's value and throws when the
 * call fails. Each distinct `timeout` gets one code mode, made on first use and kept; `close()` stops their threads.
 *
 * @example
 * const transport = createCodeModeTransport();
 * const { tool, instructions } = createCodeMode({ tools: { getTopProducts } }, transport);
 */
export function createCodeModeTransport(options: CodeModeTransportOptions = {}): CodeModeTransport & { close(): Promise<void> } {
  const codeModes = new Map<number, CodeMode>();

  function codeModeFor(timeout: number): CodeMode {
    let codeMode = codeModes.get(timeout);
    if (!codeMode) codeModes.set(timeout, (codeMode = createCodeMode({ ...options, limits: { ...options.limits, timeoutMs: timeout }, callStyle: "value", search: false })));
    return codeMode;
  }

  return {
    requiresSandbox: false,
    async run(run: RunOptions): Promise<CodeModeToolResult> {
      // Each tool is the program's `external_<id>` global, dispatched through Mastra's own `dispatch`.
      const globals = run.toolIds.map((id) => ({ name: `external_${sanitizeToolId(id)}`, description: "", execute: (args: unknown) => callTool(run, id, args) }));
      const result = await codeModeFor(run.timeout).execute(run.program, { globals, ...(run.abortSignal ? { signal: run.abortSignal } : {}) });
      return toCodeModeToolResult(result);
    },
    close: async () => {
      await Promise.all([...codeModes.values()].map((codeMode) => codeMode.close()));
    },
  };
}

async function callTool(run: RunOptions, toolId: string, args: unknown): Promise<unknown> {
  run.onExternalCall?.(toolId, args);
  const started = performance.now();
  try {
    const value = await run.dispatch(toolId, args);
    run.onExternalResult?.(toolId, performance.now() - started);
    return value;
  } catch (error) {
    run.onExternalResult?.(toolId, performance.now() - started, error);
    throw error;
  }
}

/** The engine's result as Mastra's transports report it. */
function toCodeModeToolResult(result: ExecutionResult): CodeModeToolResult {
  if (result.status === "completed") return { success: true, result: result.result, logs: result.logs };
  const error = result.error ?? { kind: "ScriptError", message: "The run did not complete.", line: null, column: null };
  return { success: false, logs: result.logs, error: { name: error.kind, message: error.message, ...(error.line === null ? {} : { line: error.line }) } };
}
