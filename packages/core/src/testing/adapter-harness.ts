import type { ExecutionLimits, ExecutionResult, JsonSchema } from "../index.js";

/**
 * A framework-neutral tool that the conformance suite hands to an adapter's harness. The harness turns it into the
 * framework's own tool and configures the adapter so the script reaches it as `tools.<namespace>.<name>`.
 */
export interface ConformanceTool {
  /** The namespace the script uses; every suite tool has the same one, `conformance`. */
  namespace: string;
  /** The framework-level tool name, snake_case with no dot, for example `echo`. */
  name: string;
  description: string;
  inputSchema: JsonSchema;
  /** Receives the arguments and the signal the framework gave the inner tool. */
  execute: (args: any, options: { signal: AbortSignal }) => Promise<unknown>;
}

/** What the suite asks of every code mode it builds through a harness. */
export interface ConformanceOptions {
  /** Pass these through to the core unchanged. */
  limits: Partial<ExecutionLimits>;
}

/** What running one script through the adapter's code-mode tool produced. */
export interface AdapterRunResult {
  /** The full execution result, as the host sees it. */
  result: ExecutionResult;
  /** What the model sees: the framework-level tool output (a string, or the framework's content object). */
  modelOutput: unknown;
}

/** One code-mode tool built by a harness, ready to run scripts. */
export interface AdapterUnderTest {
  /**
   * Runs a script through the adapter's code-mode tool exactly as the framework calls it, passing `signal` the way
   * the framework passes its abort signal. When the framework itself rejects an aborted call, `run` may reject too.
   */
  run(code: string, options?: { signal?: AbortSignal }): Promise<AdapterRunResult>;
  /** Releases the code mode's worker threads. */
  close(): Promise<void>;
}

/** Builds an adapter's code-mode tool from neutral tool specs; the suite calls it once per test group. */
export type AdapterHarness = (
  tools: readonly ConformanceTool[],
  options: ConformanceOptions
) => AdapterUnderTest | Promise<AdapterUnderTest>;
