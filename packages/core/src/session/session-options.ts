import { CodeModeError } from "../errors/index.js";

/** Options of sessions (see `createCodeMode({ sessions })`): state that survives between executions. */
export interface SessionOptions {
  /** How long a session may sit idle before it ends. Default 15 minutes. */
  ttlMs?: number;
  /**
   * Sessions open at once; each holds a worker thread and its own capped memory. Starting one more ends the least
   * recently used idle session (the caller's own first); when every session is running, the new one fails. Default 16.
   */
  maxSessions?: number;
}

/** The session settings used where none are given. */
export const DEFAULT_SESSION_OPTIONS: Readonly<Required<SessionOptions>> = Object.freeze({ ttlMs: 15 * 60_000, maxSessions: 16 });

/** The session a run belongs to: `"new"` or an id, and who asks. */
export interface SessionTarget {
  sessionId: string;
  owner: string;
}

/** Checks `sessions` and fills in the defaults; throws INVALID_OPTIONS. */
export function readSessionOptions(options: SessionOptions): Required<SessionOptions> {
  const ttlMs = options.ttlMs ?? DEFAULT_SESSION_OPTIONS.ttlMs;
  const maxSessions = options.maxSessions ?? DEFAULT_SESSION_OPTIONS.maxSessions;
  if (!Number.isSafeInteger(ttlMs) || ttlMs < 1) {
    throw new CodeModeError("INVALID_OPTIONS", `sessions.ttlMs must be a positive integer, got ${String(ttlMs)}.`);
  }
  if (!Number.isSafeInteger(maxSessions) || maxSessions < 1) {
    throw new CodeModeError("INVALID_OPTIONS", `sessions.maxSessions must be a positive integer, got ${String(maxSessions)}.`);
  }
  return { ttlMs, maxSessions };
}

/**
 * The session an execution asks for, or undefined for a fresh run; a `sessionId` without sessions, or one that is not
 * a non-empty string, is the caller's mistake and throws INVALID_OPTIONS.
 */
export function readSessionTarget(options: { sessionId?: unknown; owner?: unknown }, enabled: boolean): SessionTarget | undefined {
  const { sessionId, owner = "" } = options;
  if (sessionId === undefined) return undefined;
  if (!enabled) {
    throw new CodeModeError("INVALID_OPTIONS", "sessionId was given but sessions are off; create the code mode with `sessions: {}` to use them.");
  }
  if (typeof sessionId !== "string" || sessionId === "") {
    throw new CodeModeError("INVALID_OPTIONS", `sessionId must be "new" or a session's id, got ${JSON.stringify(sessionId) ?? String(sessionId)}.`);
  }
  if (typeof owner !== "string") throw new CodeModeError("INVALID_OPTIONS", `owner must be a string, got ${typeof owner}.`);
  return { sessionId, owner };
}
