import { currentRequest } from "./request-context.js";

/** How much a log line matters; lines below the logger's level are dropped. */
export type LogLevel = "debug" | "info" | "warn" | "error";

/** One structured log line: `time`, `level` and `msg`, the request id when written while serving one, and fields. */
export interface LogEntry {
  time: string;
  level: LogLevel;
  msg: string;
  requestId?: string;
  [field: string]: unknown;
}

/** The gateway's leveled logger. */
export interface GatewayLogger {
  debug(message: string, fields?: Record<string, unknown>): void;
  info(message: string, fields?: Record<string, unknown>): void;
  warn(message: string, fields?: Record<string, unknown>): void;
  error(message: string, fields?: Record<string, unknown>): void;
}

/** Options of {@link createLogger}. */
export interface CreateLoggerOptions {
  /** Receives each line that passes the level: its message, and the whole entry. */
  write: (message: string, entry: LogEntry) => void;
  /** Default "info". */
  level?: LogLevel;
  /** Fields every entry carries (a cluster replica's id). */
  fields?: Record<string, unknown>;
  /** Takes credentials out of the message and of every text field before the entry is written. */
  redact?: (text: string) => string;
}

const RANK: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40 };

/** Every log level, least severe first. */
export const LOG_LEVELS = Object.keys(RANK) as LogLevel[];

/** Makes a leveled logger whose entries carry the id of the HTTP request they were written for. */
export function createLogger(options: CreateLoggerOptions): GatewayLogger {
  const least = RANK[options.level ?? "info"];
  const at = (level: LogLevel) => (message: string, fields?: Record<string, unknown>) => {
    if (RANK[level] < least) return;
    const requestId = currentRequest()?.requestId;
    const entry: LogEntry = { time: new Date().toISOString(), level, msg: message, ...options.fields, ...(requestId ? { requestId } : {}), ...fields };
    if (options.redact) redactEntry(entry, options.redact);
    options.write(entry.msg, entry);
  };
  return { debug: at("debug"), info: at("info"), warn: at("warn"), error: at("error") };
}

function redactEntry(entry: LogEntry, redact: (text: string) => string): void {
  for (const [key, value] of Object.entries(entry)) if (typeof value === "string") entry[key] = redact(value);
}

/**
 * One line of text for an entry: JSON for log collectors, or `level message key=value` for a person at a terminal.
 * Neither form ends with a newline.
 */
export function formatLogEntry(entry: LogEntry, format: "json" | "text"): string {
  if (format === "json") return JSON.stringify(entry);
  const { time: _time, level, msg, ...fields } = entry;
  const extra = Object.entries(fields)
    .filter(([, value]) => value !== undefined)
    .map(([key, value]) => `${key}=${typeof value === "string" ? value : JSON.stringify(value)}`);
  return [level === "info" ? "" : `${level}:`, msg, ...extra].filter(Boolean).join(" ");
}

/** Where the gateway logs by default: stderr, as JSON lines unless stderr is a terminal. */
export function stderrLogWriter(format: "json" | "text" = process.stderr.isTTY ? "text" : "json"): CreateLoggerOptions["write"] {
  return (_message, entry) => process.stderr.write(`${formatLogEntry(entry, format)}\n`);
}
