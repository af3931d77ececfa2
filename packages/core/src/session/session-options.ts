import { CodeModeError } from "../errors/index.js";
import type { SessionStore } from "./session-store.js";

/** Options of sessions (see `createCodeMode({ sessions })`): state that survives between executions. */
export interface SessionOptions {
  /** How long a session may sit idle before it ends. Default 15 minutes. */
  ttlMs?: number;
  /**
   * Sessions open at once; an idle one is only its stored state (no thread, no engine). Starting one more ends the
   * least recently used idle session (the caller's own first); when every session is running, the new one fails.
   * Default 1,000.
   */
  maxSessions?: number;
  /**
   * The most UTF-16 code units of one session's stored state (its JSON text); an execution that leaves more keeps
   * the state from before it, and its result says so. Default 4 MiB.
   */
  maxStateBytes?: number;
  /**
   * Where sessions live between executions. Default: a store in this process's memory. A store shared by several
   * processes lets any of them resume any session (see SessionStore).
   */
  store?: SessionStore;
}

/** The session settings used where none are given. */
export const DEFAULT_SESSION_OPTIONS: Readonly<Required<Omit<SessionOptions, "store">>> = Object.freeze({
  ttlMs: 15 * 60_000,
  maxSessions: 1_000,
  maxStateBytes: 4 * 1024 * 1024,
});

/** The session a run belongs to: `"new"` or an id, and who asks. */
export interface SessionTarget {
  sessionId: string;
  owner: string;
}

/** Checks `sessions` and fills in the defaults; throws INVALID_OPTIONS. */
export function readSessionOptions(options: SessionOptions): Required<Omit<SessionOptions, "store">> & Pick<SessionOptions, "store"> {
  const read = (key: "ttlMs" | "maxSessions" | "maxStateBytes") => {
    const value = options[key] ?? DEFAULT_SESSION_OPTIONS[key];
    if (!Number.isSafeInteger(value) || value < 1) {
      throw new CodeModeError("INVALID_OPTIONS", `sessions.${key} must be a positive integer, got ${String(value)}.`);
    }
    return value;
  };
  const store = options.store;
  const methods = ["create", "lease", "renew", "put", "delete"] as const;
  if (store !== undefined && (typeof store !== "object" || store === null || methods.some((name) => typeof store[name] !== "function"))) {
    throw new CodeModeError("INVALID_OPTIONS", `sessions.store must be a SessionStore (an object with ${methods.join(", ")}).`);
  }
  return { ttlMs: read("ttlMs"), maxSessions: read("maxSessions"), maxStateBytes: read("maxStateBytes"), ...(store ? { store } : {}) };
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
