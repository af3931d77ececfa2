/** What went wrong on the host side, as a stable code. */
export type CodeModeErrorCode =
  | "INVALID_TOOL"
  | "INVALID_OPTIONS"
  | "CLOSED"
  | "INTERNAL";

/** The one error class the core throws at its host, with a stable `code` and optional `details`. */
export class CodeModeError extends Error {
  override readonly name = "CodeModeError";
  readonly code: CodeModeErrorCode;
  readonly details: Readonly<Record<string, unknown>> | undefined;

  constructor(code: CodeModeErrorCode, message: string, details?: Record<string, unknown>, options?: ErrorOptions) {
    super(message, options);
    this.code = code;
    this.details = details;
  }
}

/** Whether a value is a CodeModeError, across copies of the package. */
export function isCodeModeError(value: unknown): value is CodeModeError {
  return value instanceof Error && value.name === "CodeModeError" && typeof (value as CodeModeError).code === "string";
}
