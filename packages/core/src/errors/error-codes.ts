/** Where a code reaches the user. */
export type ErrorSurface =
  /** A call envelope's `error` in the script (`{ ok: false, error: { code, message, retryable } }`), spelt lower-case. */
  | "call"
  /** Thrown at the host by the code mode, a gateway or an adapter. */
  | "host"
  /** An `ExecutionResult` that failed; the result's `error.kind` names it. */
  | "result"
  /** The `codemode` command line: the message on stderr and exit code 2. */
  | "cli";

/** One row of {@link ERROR_CODES}. */
export interface ErrorCodeEntry {
  /** What happened, in a few words. */
  readonly meaning: string;
  /** Whether the same call may succeed later, unless the thrower says otherwise. */
  readonly retryable: boolean;
  /** Where the user meets the code. */
  readonly surface: ErrorSurface;
}

/**
 * Every code a {@link CodeModeError} carries. The `call` codes are also what a script reads in a failed envelope,
 * spelt lower-case (`UNAVAILABLE` is `unavailable` there), so a tool throws the same class the host catches.
 * docs/errors.md lists the same table, and a test keeps the two equal.
 */
export const ERROR_CODES = {
  NOT_FOUND: { meaning: "No tool, catalog entry or file of that name is available to the caller.", retryable: false, surface: "call" },
  INVALID_ARGUMENTS: { meaning: "The arguments do not match what the tool or operation accepts.", retryable: false, surface: "call" },
  TOOL_ERROR: { meaning: "The tool ran and failed.", retryable: false, surface: "call" },
  TIMEOUT: { meaning: "The tool or its upstream gave no answer in time.", retryable: true, surface: "call" },
  CANCELLED: { meaning: "The call was stopped before it finished.", retryable: false, surface: "call" },
  LIMIT_EXCEEDED: { meaning: "A size or count limit was reached.", retryable: false, surface: "call" },
  ACCESS_DENIED: { meaning: "The caller may not do this (an approval was refused, a path leads outside the workspace).", retryable: false, surface: "call" },
  UNAVAILABLE: { meaning: "The tool's upstream is down or not connected yet.", retryable: true, surface: "call" },
  INVALID_TOOL: { meaning: "A tool definition is malformed or defined twice.", retryable: false, surface: "host" },
  INVALID_OPTIONS: { meaning: "An option or argument given by the host is malformed.", retryable: false, surface: "host" },
  CLOSED: { meaning: "The code mode was closed and runs nothing more.", retryable: false, surface: "host" },
  PARSE_ERROR: { meaning: "The script is too large or cannot be parsed.", retryable: false, surface: "result" },
  CHECK_UNAVAILABLE: { meaning: "The script checker (TypeScript 7's native compiler) could not start or failed.", retryable: true, surface: "host" },
  INVALID_CONFIG: { meaning: "A gateway config file is missing, not JSON, or has bad keys.", retryable: false, surface: "host" },
  INVALID_USAGE: { meaning: "The command line cannot be run as given.", retryable: false, surface: "cli" },
} as const satisfies Record<string, ErrorCodeEntry>;

/** A code of {@link ERROR_CODES}. */
export type CodeModeErrorCode = keyof typeof ERROR_CODES;

type CallCode = { [Code in CodeModeErrorCode]: (typeof ERROR_CODES)[Code]["surface"] extends "call" ? Code : never }[CodeModeErrorCode];

/** A call code as a script reads it in a failed envelope: the table's code, lower-case. */
export type CallErrorCode = Lowercase<CallCode>;

/** The call codes as a script reads them, in the table's order. */
export const CALL_ERROR_CODES: readonly CallErrorCode[] = (Object.keys(ERROR_CODES) as CodeModeErrorCode[])
  .filter((code) => ERROR_CODES[code].surface === "call")
  .map((code) => code.toLowerCase() as CallErrorCode);

/** The envelope spelling of a code; a code that is not a call code reaches a script as `tool_error`. */
export function toCallErrorCode(code: CodeModeErrorCode): CallErrorCode {
  return ERROR_CODES[code].surface === "call" ? (code.toLowerCase() as CallErrorCode) : "tool_error";
}
