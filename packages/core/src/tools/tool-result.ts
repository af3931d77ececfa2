import type { CallMeta } from "../envelopes/index.js";

const TOOL_RESULT = Symbol.for("codemode.toolResult");

/** A tool's data together with envelope metadata, made by {@link toolResult}. */
export interface ToolResult<T = unknown> {
  readonly [TOOL_RESULT]: true;
  readonly data: T;
  readonly meta: CallMeta;
}

/**
 * Returns data from a tool's `execute` with envelope metadata: how many content blocks the data leaves out, and the
 * blocks themselves, which a script that calls with `{ content: true }` receives in `meta.content`.
 */
export function toolResult<T>(data: T, meta: Partial<CallMeta> = {}): ToolResult<T> {
  const content = meta.content ?? [];
  return { [TOOL_RESULT]: true, data, meta: { omitted: meta.omitted ?? content.length, ...(content.length > 0 ? { content } : {}) } };
}

/** Whether a tool returned a {@link toolResult}. */
export function isToolResult(value: unknown): value is ToolResult {
  return typeof value === "object" && value !== null && (value as ToolResult)[TOOL_RESULT] === true;
}
