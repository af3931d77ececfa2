export { answerNodeRequest } from "./answer-node-request.js";
export { createLogger, formatLogEntry, LOG_LEVELS, stderrLogWriter, type GatewayLogger, type LogEntry, type LogLevel } from "./create-logger.js";
export { createOperations, type MetricsConfig, type Operations, type TrackExecution } from "./create-operations.js";
export type { AuditConfig } from "./create-audit-log.js";
export type { GatewayMetrics } from "./create-gateway-metrics.js";
export { runInRequestContext, setRequestPrincipal } from "./request-context.js";
