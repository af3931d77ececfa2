/** Why an execution failed. */
export type ExecutionErrorKind =
  | "ParseError"
  | "ScriptError"
  /** Value call style only: a tool call failed and the script did not catch its ToolCallError. */
  | "ToolCallFailed"
  | "TimeoutExceeded"
  | "MemoryLimitExceeded"
  | "StackOverflow"
  | "HostCallLimit"
  | "ResultTooLarge"
  | "NeverSettled"
  | "Cancelled"
  /** The `sessionId` is unknown, expired, ended or another owner's (one answer for all four); nothing ran. */
  | "SessionNotFound"
  /** Every session is running, so no new one could start; nothing ran. */
  | "SessionLimit"
  /**
   * The session store failed (a shared store out of reach); nothing ran. Retryable: the same call may succeed once
   * the store answers again.
   */
  | "SessionUnavailable"
  /** `resume` refused the continuation (tampered, another owner's, expired, already resumed); nothing ran. */
  | "ContinuationRefused"
  /** A resumed run took another path than the run that paused (code, tools or a call differ); no call ran twice. */
  | "ResumeDiverged"
  /**
   * `check: "refuse"`: the script was checked against the tools' declarations and refused before it ran; nothing was
   * called. `diagnostics` holds every fault, the error's line and column are the first one's.
   */
  | "CheckFailed"
  | "InternalError";

/** A failed execution's error; line and column point into the user's own source (1-based), when known. */
export interface ExecutionError {
  kind: ExecutionErrorKind;
  message: string;
  line: number | null;
  column: number | null;
}

/** Something the caller should know: a fault the check found, or news of a run that did not fail it. */
export interface Diagnostic {
  /**
   * For example `calls_in_flight_on_return`, `log_lines_dropped`, `log_line_truncated`, `output_truncated`, in a
   * session `session_not_kept` (names the next execution will not find, each with why; see docs/sessions.md), and
   * the check's faults (`unknown_tool`, `wrong_type`, ...; see docs/checking.md).
   */
  code: string;
  message: string;
  /** Where, in the script as the caller gave it (1-based; columns in UTF-16 code units), when known. */
  line?: number;
  column?: number;
  endLine?: number;
  endColumn?: number;
  /** What to write instead, when one fix is plain (`tools.billing.list_invoices`). */
  suggestion?: string;
}

/** A fault of a script, found by the check: always with its place in the script. */
export type CheckDiagnostic = Diagnostic & { line: number; column: number; endLine: number; endColumn: number };

/** What `check` says of a script, without running it: `ok` when the declarations rule nothing of it out. */
export interface CheckResult {
  ok: boolean;
  diagnostics: CheckDiagnostic[];
}

/** One tool call the script made, in the order the calls were made. */
export interface ToolCallRecord {
  tool: string;
  ok: boolean;
  durationMs: number;
  /** The envelope's error code when the call failed. */
  errorCode?: string;
  /** With `trace.arguments`: the arguments the script passed (their JSON text, cut, when over `maxSummaryBytes`). */
  arguments?: JsonValue;
  /** With `trace.results`: the data's JSON text, or `code: message` of the error, cut to `maxSummaryBytes`. */
  summary?: string;
  /** Present when the call needed approval and got an answer: whether it was approved and how long it waited. */
  approval?: { approved: boolean; waitedMs: number };
}

/** What was dropped to keep the whole result under `maxOutputBytes`. */
export interface Truncation {
  logsOmitted: number;
  toolCallsOmitted: number;
  /** Present when diagnostics had to go too (after every tool call record and log line); `output_truncated` stays. */
  diagnosticsOmitted?: number;
}

/** A JSON value, as results cross every boundary. */
export type JsonValue = null | boolean | number | string | JsonValue[] | { [key: string]: JsonValue };

/** A tool call a paused run waits on: a person decides it, by `callId`, when the run is resumed. */
export interface PendingCall {
  /** The id a decision is given under, and the one the tool's `execute` gets as `context.callId` if it runs. */
  callId: string;
  tool: string;
  /** The arguments after validation: what the tool's `execute` receives if the call is approved. */
  arguments: JsonValue;
  /** The line of the user's script that made the call, when known. */
  line: number | null;
}

/** The outcome of one execution; logs and tool calls are kept on failure too. */
export interface ExecutionResult {
  /** `paused` (pause mode only): calls wait for a person; `pending` lists them and `continuation` resumes the run. */
  status: "completed" | "failed" | "paused";
  /** The script's returned value, serialised; `null` when it returned nothing or failed. */
  result: JsonValue;
  error: ExecutionError | null;
  diagnostics: Diagnostic[];
  logs: string[];
  toolCalls: ToolCallRecord[];
  durationMs: number;
  /**
   * Present (as "printed") when the code mode runs with `output: "printed"`: `result` is then the text the script
   * printed (its console lines joined by newlines) and `logs` the same lines; on failure `result` stays null.
   */
  output?: "printed";
  /** Present only when tool calls, logs or diagnostics were dropped to fit `maxOutputBytes`. */
  truncation?: Truncation;
  /** The session the execution ran in, while it lives: pass it as `sessionId` to run in it again. */
  sessionId?: string;
  /** Present when paused: the calls waiting for a decision, in call order. */
  pending?: PendingCall[];
  /** Present when paused: the opaque, signed text `codeMode.resume` takes to go on with the run. */
  continuation?: string;
}
