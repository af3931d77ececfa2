import type { ExecutionErrorKind } from "./execution-result.js";

// A record rather than a list, so that a kind added to the type fails to compile here until it is listed.
const KINDS: Record<ExecutionErrorKind, true> = {
  ParseError: true,
  ScriptError: true,
  ToolCallFailed: true,
  TimeoutExceeded: true,
  MemoryLimitExceeded: true,
  StackOverflow: true,
  HostCallLimit: true,
  ResultTooLarge: true,
  NeverSettled: true,
  Cancelled: true,
  SessionNotFound: true,
  SessionLimit: true,
  SessionUnavailable: true,
  ContinuationRefused: true,
  ResumeDiverged: true,
  CheckFailed: true,
  InternalError: true,
};

/** Every value `ExecutionResult.error.kind` can take. */
export const EXECUTION_ERROR_KINDS: readonly ExecutionErrorKind[] = Object.freeze(Object.keys(KINDS) as ExecutionErrorKind[]);
