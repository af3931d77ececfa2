import { isCodeModeError } from "./code-mode-error.js";
import { toCallErrorCode, type CallErrorCode } from "./error-codes.js";
import { ERROR_MESSAGES } from "./error-messages.js";

/** An error as plain data, safe to show to a script or a model: no stack, no host path, no cause. */
export interface ErrorData {
  code: CallErrorCode;
  message: string;
  retryable: boolean;
}

const TOOL_FAILED: ErrorData = Object.freeze({ code: "tool_error", message: ERROR_MESSAGES.toolFailed, retryable: false });

/**
 * Turns anything thrown into the plain data that crosses to the script. A {@link CodeModeError} keeps its code
 * (lower-case) and `retryable`; an `AbortError` is `cancelled`; anything else is `tool_error` with its message. It
 * never throws: a value that throws when read (a getter, a revoked Proxy) is `tool_error` with a fixed message.
 */
export function toErrorData(error: unknown): ErrorData {
  try {
    return readErrorData(error);
  } catch {
    return { ...TOOL_FAILED };
  }
}

function readErrorData(error: unknown): ErrorData {
  if (isCodeModeError(error)) {
    const { code, message, retryable } = error;
    if (typeof message !== "string" || typeof retryable !== "boolean") return { ...TOOL_FAILED };
    return { code: toCallErrorCode(code), message, retryable };
  }
  if (error instanceof Error && error.name === "AbortError") {
    return { code: "cancelled", message: ERROR_MESSAGES.callCancelled, retryable: false };
  }
  const message: unknown = error instanceof Error ? error.message : error;
  return { code: "tool_error", message: (typeof message === "string" && message) || ERROR_MESSAGES.toolFailed, retryable: false };
}
