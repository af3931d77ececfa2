import type { ExecutionErrorKind } from "../../envelopes/index.js";
import { LIMIT_MESSAGES } from "../../errors/index.js";

/** A thrown guest value as the prelude's `describe` read it (every field may be missing). */
export interface GuestErrorText {
  name: string | null;
  message: string | null;
  stack: string | null;
}

/** What the worker reports for a thrown guest value. */
export interface ClassifiedError {
  kind: ExecutionErrorKind;
  message: string;
  stack: string | null;
}

const STACK_OVERFLOW = /call stack size exceeded|stack overflow/i;

/**
 * Names the failure a thrown guest value stands for. QuickJS reports running out of memory as an `InternalError`
 * and deep recursion as an `InternalError` "stack overflow" (quickjs-ng: a `RangeError`); a `SyntaxError` while
 * compiling is a ParseError; under the value call style (`toolCallErrors`) an uncaught `ToolCallError` is
 * ToolCallFailed; anything else a ScriptError.
 */
export function classifyError(
  error: GuestErrorText,
  compiling: boolean,
  memoryLimitBytes: number,
  toolCallErrors = false,
): ClassifiedError {
  const name = error.name ?? "";
  const message = error.message ?? "";
  if (toolCallErrors && name === "ToolCallError") return { kind: "ToolCallFailed", message, stack: error.stack };
  if (name === "InternalError" && /out of memory|string too long/i.test(message)) {
    return {
      kind: "MemoryLimitExceeded",
      message: LIMIT_MESSAGES.memory(formatBytes(memoryLimitBytes)),
      stack: error.stack,
    };
  }
  if ((name === "RangeError" || name === "InternalError") && STACK_OVERFLOW.test(message)) {
    return { kind: "StackOverflow", message: LIMIT_MESSAGES.stack, stack: error.stack };
  }
  if (compiling && name === "SyntaxError") {
    return { kind: "ParseError", message: `SyntaxError: ${message}`, stack: error.stack };
  }
  const text = name && message ? `${name}: ${message}` : message || name || "Script threw an error.";
  return { kind: "ScriptError", message: text, stack: error.stack };
}

function formatBytes(bytes: number): string {
  const mebibytes = bytes / (1024 * 1024);
  return Number.isInteger(mebibytes) ? `${mebibytes} MiB` : `${bytes} bytes`;
}
