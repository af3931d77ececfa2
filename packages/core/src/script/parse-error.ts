import { CodeModeError, isCodeModeError } from "../errors/index.js";

/** Where a script cannot be parsed: 1-based line, and column in UTF-16 code units; null when it has no position. */
export interface ParsePosition {
  line: number | null;
  column: number | null;
}

/**
 * A `PARSE_ERROR` for a script that is too large, holds TypeScript that cannot be stripped, or does not parse; its
 * `details` carry the position.
 */
export function createParseError(message: string, position: ParsePosition = { line: null, column: null }): CodeModeError {
  return new CodeModeError("PARSE_ERROR", message, { details: { line: position.line, column: position.column } });
}

/** Whether an error is a `PARSE_ERROR`. */
export function isParseError(error: unknown): error is CodeModeError {
  return isCodeModeError(error) && error.code === "PARSE_ERROR";
}

/** The position a `PARSE_ERROR` carries. */
export function parsePositionOf(error: CodeModeError): ParsePosition {
  const { line, column } = error.details ?? {};
  return { line: typeof line === "number" ? line : null, column: typeof column === "number" ? column : null };
}
