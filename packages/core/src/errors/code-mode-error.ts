import { ERROR_CODES, type CodeModeErrorCode } from "./error-codes.js";

/** Options of a {@link CodeModeError}. */
export interface CodeModeErrorOptions {
  /** Plain data about the failure, for example the option or config key at fault. */
  details?: Record<string, unknown>;
  /** Overrides the code's default from {@link ERROR_CODES}. */
  retryable?: boolean;
  /** The error underneath, kept on the host side. */
  cause?: unknown;
}

/**
 * The one error class of codemode, with a `code` from {@link ERROR_CODES}. The core and the adapters throw it at
 * the host, and a tool's `execute` throws it to choose the envelope the script receives:
 * `new CodeModeError("UNAVAILABLE", "CRM is down.")` reaches the script as `{ code: "unavailable", retryable: true }`.
 */
export class CodeModeError extends Error {
  override readonly name = "CodeModeError";
  readonly code: CodeModeErrorCode;
  readonly retryable: boolean;
  readonly details: Readonly<Record<string, unknown>> | undefined;

  constructor(code: CodeModeErrorCode, message: string, options: CodeModeErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.code = code;
    this.retryable = options.retryable ?? ERROR_CODES[code].retryable;
    this.details = options.details;
  }
}

/** Whether a value is a CodeModeError, also one from another copy of the package. */
export function isCodeModeError(value: unknown): value is CodeModeError {
  return (
    value instanceof Error &&
    value.name === "CodeModeError" &&
    typeof (value as CodeModeError).code === "string" &&
    Object.hasOwn(ERROR_CODES, (value as CodeModeError).code)
  );
}
