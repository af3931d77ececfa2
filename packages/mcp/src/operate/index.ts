export { createLogger, formatLogEntry, LOG_LEVELS, stderrLogWriter, type LogEntry, type LogLevel } from "./create-logger.js";
export { createOperations, type TrackedRunOptions, type TrackExecution } from "./create-operations.js";
export type { RecentRun, RecentRuns } from "./create-recent-runs.js";
export { setRequestPrincipal } from "./request-context.js";
export { createRedactor, redactUrl } from "./redact-secrets.js";
