export { createLogger, formatLogEntry, LOG_LEVELS, stderrLogWriter, type LogEntry, type LogLevel } from "./create-logger.js";
export { createOperations, type Operations, type TrackExecution } from "./create-operations.js";
export type { AuditRecord } from "./create-audit-log.js";
export type { RecentRun, RecentRuns } from "./create-recent-runs.js";
export { currentRequest } from "./request-context.js";
export { setRequestPrincipal } from "./request-context.js";
