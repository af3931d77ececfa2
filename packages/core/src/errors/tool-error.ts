import type { CallError, CallErrorCode } from "../envelopes/index.js";

/**
 * Thrown by a tool's `execute` to choose the envelope the script receives, for example `unavailable` when an
 * upstream is down. Any other thrown value becomes `tool_error` with its message.
 */
export class ToolError extends Error {
  override readonly name = "ToolError";
  readonly code: CallErrorCode;
  readonly retryable: boolean;

  constructor(code: CallErrorCode, message: string, options: { retryable?: boolean; cause?: unknown } = {}) {
    super(message, { cause: options.cause });
    this.code = code;
    this.retryable = options.retryable ?? (code === "timeout" || code === "unavailable");
  }
}

/** Turns anything a tool threw into the plain error the script sees; no stack or host detail crosses. */
export function toCallError(error: unknown): CallError {
  if (error instanceof ToolError) {
    return { code: error.code, message: error.message, retryable: error.retryable };
  }
  if (error instanceof Error && error.name === "AbortError") {
    return { code: "cancelled", message: "The call was cancelled.", retryable: false };
  }
  const message = error instanceof Error ? error.message : typeof error === "string" ? error : "The tool failed.";
  return { code: "tool_error", message: message || "The tool failed.", retryable: false };
}
