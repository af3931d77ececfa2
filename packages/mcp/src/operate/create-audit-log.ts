import { createHash } from "node:crypto";
import { createWriteStream, openSync, type WriteStream } from "node:fs";
import path from "node:path";
import { CodeModeError, type ExecutionResult, type JsonValue } from "@codemode/core";

/** The `audit` config: where records go, and whether they keep what scripts sent and got. */
export interface AuditConfig {
  /** A file the records are appended to, one JSON object a line; relative to the config's folder. */
  file?: string;
  /** Write the records to stderr instead of a file. */
  stderr?: boolean;
  /** Keep each tool call's arguments (cut to 1 KiB) in its record. */
  includeArguments?: boolean;
  /** Keep the execution's returned value and a summary of each tool call's result (cut to 1 KiB). */
  includeResults?: boolean;
}

/** What the gateway knows about one finished execution. */
export interface AuditedExecution {
  code: string;
  result: ExecutionResult;
  principal: string;
  requestId: string | undefined;
  mcpSessionId: string | undefined;
}

/** One line of the audit log. */
export interface AuditRecord {
  time: string;
  event: "execute";
  principal: string;
  requestId?: string;
  mcpSessionId?: string;
  /** The code-mode session the execution ran in, when it ran in one. */
  sessionId?: string;
  codeSha256: string;
  status: ExecutionResult["status"];
  errorKind?: string;
  durationMs: number;
  toolCalls: { tool: string; ok: boolean; durationMs: number; errorCode?: string; arguments?: JsonValue; result?: string }[];
  result?: JsonValue;
}

/** An append-only log of executions. */
export interface AuditLog {
  /** Appends the execution's record, and returns it. */
  record(execution: AuditedExecution): AuditRecord;
  close(): Promise<void>;
}

/**
 * Opens the audit log the config names. The file is opened at once, so a path that cannot be written is a config
 * error at start-up rather than records lost later. Records never hold a token: the principal is the token's name.
 */
export function createAuditLog(
  config: AuditConfig,
  baseDir: string,
  onError: (message: string) => void,
  redact: (text: string) => string = (text) => text,
): AuditLog {
  const out = openSink(config, baseDir, onError);
  return {
    record(execution) {
      const record = toAuditRecord(execution, config);
      const line = JSON.stringify(record, (_key, value: unknown) => (typeof value === "string" ? redact(value) : value));
      out.write(`${line}\n`);
      // The console shows the record as the log keeps it.
      return JSON.parse(line) as AuditRecord;
    },
    close: () => out.close(),
  };
}

/** The audit line of one execution; without `includeArguments` and `includeResults` it holds neither. */
export function toAuditRecord({ code, result, principal, requestId, mcpSessionId }: AuditedExecution, config: AuditConfig = {}): AuditRecord {
  return {
    time: new Date().toISOString(),
    event: "execute",
    principal,
    ...(requestId ? { requestId } : {}),
    ...(mcpSessionId ? { mcpSessionId } : {}),
    ...(result.sessionId ? { sessionId: result.sessionId } : {}),
    codeSha256: createHash("sha256").update(code).digest("hex"),
    status: result.status,
    ...(result.error ? { errorKind: result.error.kind } : {}),
    durationMs: result.durationMs,
    toolCalls: result.toolCalls.map((call) => ({
      tool: call.tool,
      ok: call.ok,
      durationMs: call.durationMs,
      ...(call.errorCode ? { errorCode: call.errorCode } : {}),
      ...(config.includeArguments && call.arguments !== undefined ? { arguments: call.arguments } : {}),
      ...(config.includeResults && call.summary !== undefined ? { result: call.summary } : {}),
    })),
    ...(config.includeResults ? { result: result.result } : {}),
  };
}

interface Sink {
  write(line: string): void;
  close(): Promise<void>;
}

function openSink(config: AuditConfig, baseDir: string, onError: (message: string) => void): Sink {
  if (config.stderr) return { write: (line) => void process.stderr.write(line), close: async () => undefined };
  const file = path.resolve(baseDir, config.file!);
  let fd: number;
  try {
    fd = openSync(file, "a", 0o600);
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
    throw new CodeModeError("INVALID_CONFIG", `audit.file: cannot open ${file} for appending (${reason}).`);
  }
  const stream: WriteStream = createWriteStream(file, { fd, flags: "a" });
  // A disk that fills up must not crash the gateway; the records lost are what the error says.
  stream.on("error", (error) => onError(`the audit log ${file} failed: ${error.message}`));
  return {
    write: (line) => void stream.write(line),
    close: () =>
      new Promise<void>((resolve) => {
        if (stream.destroyed) resolve();
        else stream.end(() => resolve());
      }),
  };
}
