export {
  callError,
  cancelledOutcome,
  failedEnvelopeJson,
  failedOutcome,
  failedResult,
  okEnvelopeJson,
} from "./build-envelopes.js";
export type { CallEnvelope, CallError, CallMeta, CatalogEnvelope, ContentBlock } from "./call-envelope.js";
export { EXECUTION_ERROR_KINDS } from "./execution-error-kinds.js";
export type {
  CheckDiagnostic,
  CheckResult,
  Diagnostic,
  ExecutionError,
  ExecutionErrorKind,
  ExecutionResult,
  JsonValue,
  PendingCall,
  ToolCallRecord,
  Truncation,
} from "./execution-result.js";
export type { RunOutcome, SessionSnapshot } from "./run-outcome.js";
export type { PausedRun, RecordedCall, RunRecord } from "./run-record.js";
