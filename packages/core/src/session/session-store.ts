/**
 * Where sessions live between executions: each a record of its owner, its state (a plain string, see
 * SESSION_STATE_SOURCE) and its time to live, with a lease that lets one execution at a time resume it. The code
 * mode enforces owner checks, the time to live and the cap only through these calls, so a store shared by several
 * processes (Redis, say) makes a session resumable from any of them and never by two at once. Every method may be
 * called concurrently; an implementation answers each atomically.
 */
export interface SessionStore {
  /**
   * Starts a session for `owner`, leased to the caller, with no state. When `maxSessions` are open, the least
   * recently used one that is not leased makes room (one of `owner`'s own first); null when every one is leased.
   */
  create(owner: string, limits: SessionStoreLimits): Promise<SessionLease | null>;
  /**
   * Leases the session for one execution: its state, or "busy" while another lease on it lasts, or null for an id
   * that is unknown, expired or another owner's (one answer for all three).
   */
  lease(id: string, owner: string, leaseMs: number): Promise<SessionLease | "busy" | null>;
  /** Extends a lease still held by `lease.token`; false when it is not (it lapsed and was taken, or the session was deleted). */
  renew(lease: SessionLease, leaseMs: number): Promise<boolean>;
  /**
   * Stores the state the execution left (null: keep the one before) and ends the lease; the session then lives
   * `ttlMs` more. False, storing nothing, when the lease is no longer the caller's or the session was deleted.
   */
  put(lease: SessionLease, state: string | null, ttlMs: number): Promise<boolean>;
  /** Deletes the session of that owner, leased or not: true when there was one. */
  delete(id: string, owner: string): Promise<boolean>;
  /** Frees what the store holds; called by `close()` of a code mode for the store it made itself. */
  close?(): Promise<void>;
}

/** What {@link SessionStore.create} enforces. */
export interface SessionStoreLimits {
  ttlMs: number;
  maxSessions: number;
  leaseMs: number;
}

/** One execution's hold on a session. */
export interface SessionLease {
  readonly id: string;
  readonly owner: string;
  /** Unique to this lease: a lapsed lease taken by another execution no longer matches. */
  readonly token: string;
  /** The state the session's last execution stored; null before its first. */
  readonly state: string | null;
}
