import type { StandardSchemaV1 } from "@standard-schema/spec";

/** A JSON Schema object, as tools and MCP servers publish them. */
export type JsonSchema = { [key: string]: unknown };

/** A schema a tool may declare: JSON Schema, or a Standard Schema such as zod. */
export type ToolSchema<T = unknown> = JsonSchema | StandardSchemaV1<T>;

/** Hints about a tool's behaviour, named as MCP names them. */
export interface ToolAnnotations {
  title?: string;
  readOnlyHint?: boolean;
  destructiveHint?: boolean;
  idempotentHint?: boolean;
  openWorldHint?: boolean;
}

/** States a tool needs before it runs and states it leaves behind, for planning workflows. */
export interface StateTransition {
  requires?: readonly string[];
  produces?: readonly string[];
}

/** What a tool's `execute` receives besides its arguments. */
export interface ToolExecutionContext {
  /** Fires when the call is cancelled: the script returned, the execution failed, or the host aborted. */
  signal: AbortSignal;
  /** Unique within the process; useful for tracing. */
  callId: string;
  /** Whatever the host passed as `context` to `execute`, such as a framework's own call options. */
  context: unknown;
}

/** A host tool that scripts can call as `tools.<namespace>.<name>(args)`, or `tools.<name>(args)` when it is flat. */
export interface ToolDefinition<Input = any, Output = unknown> {
  /**
   * `namespace.tool`: the namespace stands before the first dot; the rest may hold dots. A name without a dot is a
   * flat tool. At most 128 characters of ASCII letters, digits, `_`, `-` and dots.
   */
  name: string;
  description: string;
  inputSchema?: ToolSchema<Input>;
  outputSchema?: ToolSchema<Output>;
  execute: (args: Input, context: ToolExecutionContext) => Output | Promise<Output>;
  /** Phrases that describe what the tool can do, to improve search. */
  affordances?: readonly string[];
  annotations?: ToolAnnotations;
  /** The named group of tools this one belongs to. */
  toolkit?: string;
  stateTransition?: StateTransition;
  /**
   * Whether a call must be approved before it runs: `true`, or a function of the validated arguments (and the
   * call's context) that decides per call. An approved call runs; any other goes back to the script as
   * `access_denied`. See `CreateCodeModeOptions.approve`.
   */
  requiresApproval?: boolean | ((args: Input, context: ToolExecutionContext) => boolean | PromiseLike<boolean>);
}
