import { CodeModeError } from "../errors/index.js";
import type { SessionStore } from "./session-store.js";

/** Options of sessions (see `createCodeMode({ sessions })`): state that survives between executions. */
export interface SessionOptions {
  /** How long a session may sit idle before it ends. Default 15 minutes. */
  ttlMs?: number;
  /**
   * Sessions open at once, hibernated ones included (a hibernated session is only its snapshot in the store).
   * Starting one more ends the least recently used idle session (the caller's own first); when every session is
   * running, the new one fails with `SessionLimit`. Default 10,000.
   */
  maxSessions?: number;
  /**
   * Sessions live at once, each holding a worker thread (~10 MB) with its globals in place. Past it the least
   * recently used idle one hibernates at once. Default 16.
   */
  maxLiveSessions?: number;
  /** How long a live session may sit idle before it hibernates: its worker is freed and its state kept as a snapshot. Default 30 s. */
  hibernateAfterMs?: number;
  /**
   * The most UTF-16 code units of one session's snapshot (its JSON text). A state past it is not kept when the session
   * hibernates, and the next execution says so. Default 4 MiB.
   */
  maxStateBytes?: number;
  /**
   * Where sessions live: a store shared by several processes (see SessionStore) lets any of them run any session's
   * next execution; each execution then saves the state as it ends. Default: `createMemorySessionStore()`, in this
   * process, where a session's state is written only as it hibernates.
   */
  store?: SessionStore;
}

type SessionNumbers = Required<Omit<SessionOptions, "store">>;

/** The session settings used where none are given. */
export const DEFAULT_SESSION_OPTIONS: Readonly<SessionNumbers> = Object.freeze({
  ttlMs: 15 * 60_000,
  maxSessions: 10_000,
  maxLiveSessions: 16,
  hibernateAfterMs: 30_000,
  maxStateBytes: 4 * 1024 * 1024,
});

/** The session a run belongs to: `"new"` or an id, and who asks. */
export interface SessionTarget {
  sessionId: string;
  owner: string;
}

const STORE_METHODS = ["create", "acquire", "renew", "release", "delete"] as const;

/** Checks `sessions` and fills in the defaults; throws INVALID_OPTIONS. */
export function readSessionOptions(options: SessionOptions): SessionNumbers & Pick<SessionOptions, "store"> {
  const read = (key: keyof SessionNumbers) => {
    const value = options[key] ?? DEFAULT_SESSION_OPTIONS[key];
    if (!Number.isSafeInteger(value) || value < 1) {
      throw new CodeModeError("INVALID_OPTIONS", `sessions.${key} must be a positive integer, got ${String(value)}.`);
    }
    return value;
  };
  const store = options.store as Partial<Record<string, unknown>> | undefined;
  if (store !== undefined && (typeof store !== "object" || store === null || STORE_METHODS.some((name) => typeof store[name] !== "function"))) {
    throw new CodeModeError("INVALID_OPTIONS", `sessions.store must be a SessionStore (an object with ${STORE_METHODS.join(", ")}).`);
  }
  const numbers: SessionNumbers = {
    ttlMs: read("ttlMs"),
    maxSessions: read("maxSessions"),
    maxLiveSessions: read("maxLiveSessions"),
    hibernateAfterMs: read("hibernateAfterMs"),
    maxStateBytes: read("maxStateBytes"),
  };
  return options.store ? { ...numbers, store: options.store } : numbers;
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
