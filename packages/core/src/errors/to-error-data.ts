import { isCodeModeError } from "./code-mode-error.js";
import { toCallErrorCode, type CallErrorCode } from "./error-codes.js";
import { ERROR_MESSAGES } from "./error-messages.js";

/** An error as plain data, safe to show to a script or a model: no stack, no host path, no cause. */
export interface ErrorData {
  code: CallErrorCode;
  message: string;
  retryable: boolean;
}

/**
 * Turns anything thrown into the plain data that crosses to the script. A {@link CodeModeError} keeps its code
 * (lower-case) and `retryable`; an `AbortError` is `cancelled`; anything else is `tool_error` with its message.
 */
export function toErrorData(error: unknown): ErrorData {
  if (isCodeModeError(error)) {
    return { code: toCallErrorCode(error.code), message: error.message, retryable: error.retryable };
  }
  if (error instanceof Error && error.name === "AbortError") {
    return { code: "cancelled", message: ERROR_MESSAGES.callCancelled, retryable: false };
  }
  const message = error instanceof Error ? error.message : typeof error === "string" ? error : "";
  return { code: "tool_error", message: message || ERROR_MESSAGES.toolFailed, retryable: false };
}
