/** A session as a store keeps it between executions. */
export interface StoredSession {
  /** Who opened it; only the same owner may run in it or end it. */
  owner: string;
  /** The encoded top-level state of the session's script; null until an execution saved one. */
  state: string | null;
  /**
   * Bumped by every save. A code mode that still holds the session live in a worker knows its copy is current when
   * the stored version is the one it saved last, and restores from `state` otherwise.
   */
  version: number;
}

/** A lease on a session: while it is held no other execution, in this process or another, runs in the session. */
export interface SessionLease {
  /** Proves the lease to `release` and `renew`. */
  token: string;
  session: StoredSession;
}

/**
 * Where code sessions live between executions. The default keeps them in this process's memory; a store shared by
 * several processes (Redis) lets any of them run the next execution of any session. Every method is atomic for
 * everyone sharing the store: a lease is held by one execution at a time, and an expired session is gone for all.
 */
export interface SessionStore {
  /**
   * Opens a session for `owner`, idle and with no state. When `maxSessions` are open, a session that holds no lease
   * ends to make room, the least recently used of: the owner's own when the new one would take the owner past its
   * share (`maxSessions` divided among the owners holding sessions, this one counted), else of an owner holding more
   * than its share, else the owner's own. An owner within its share never loses a session to another's new one.
   * False when no session may end.
   */
  create(id: string, owner: string, options: { ttlMs: number; maxSessions: number }): Promise<boolean>;
  /**
   * Takes a lease on the session for one execution, for `leaseMs` unless renewed. "busy" while another execution
   * holds an unexpired lease; "missing" for an id that is unknown, expired, ended or someone else's (one answer for
   * all, so an id's existence never leaks to another owner).
   */
  acquire(id: string, owner: string, leaseMs: number): Promise<SessionLease | "busy" | "missing">;
  /** Extends a lease a long execution still holds; false when it was lost (it expired and another took it). */
  renew(id: string, token: string, leaseMs: number): Promise<boolean>;
  /**
   * Ends the lease, saving `state` when given (the version goes up by one), and starts the session's idle time to
   * live again. Resolves to the saved version, or false when the lease was lost and nothing was saved.
   */
  release(id: string, token: string, update: { state?: string; ttlMs: number }): Promise<number | false>;
  /** Ends the session whether or not a lease is held on it; true when it was open for this owner. */
  delete(id: string, owner: string): Promise<boolean>;
  /**
   * The open sessions of one owner, most recently used first: for a console that shows them. Optional: a store
   * without it lists none.
   */
  list?(owner: string): Promise<StoredSessionInfo[]>;
}

/** One open session as {@link SessionStore.list} tells it. */
export interface StoredSessionInfo {
  id: string;
  /** When it ends unless used again (ms since the epoch); a running session's is its lease's end. */
  expiresAt: number;
  /** Whether an execution holds its lease right now. */
  running: boolean;
}
