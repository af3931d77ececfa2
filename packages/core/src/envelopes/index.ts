export type { CallEnvelope, CallError, CallErrorCode, CallMeta, CatalogEnvelope } from "./call-envelope.js";
export type {
  Diagnostic,
  ExecutionError,
  ExecutionErrorKind,
  ExecutionResult,
  JsonValue,
  ToolCallRecord,
  Truncation,
} from "./execution-result.js";
