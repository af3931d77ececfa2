import type { SessionLease, SessionStore } from "./session-store.js";

interface Entry {
  owner: string;
  state: string | null;
  usedAt: number;
  expiresAt: number;
  lease?: { token: string; until: number };
}

/** How often expired sessions' states are freed when nothing else touches the store. */
const SWEEP_MS = 1_000;

/**
 * The store of one process: sessions as strings in a Map, so an idle session costs its state's size and nothing
 * else (no thread, no engine). The default of `createCodeMode({ sessions })`.
 */
export function createMemorySessionStore(): SessionStore {
  const entries = new Map<string, Entry>();
  let sweeper: ReturnType<typeof setInterval> | undefined;
  const leased = (entry: Entry, now: number) => entry.lease !== undefined && entry.lease.until > now;
  const expired = (entry: Entry, now: number) => !leased(entry, now) && entry.expiresAt <= now;
  const sweep = () => {
    const now = Date.now();
    for (const [id, entry] of entries) if (expired(entry, now)) entries.delete(id);
    if (entries.size === 0 && sweeper) {
      clearInterval(sweeper);
      sweeper = undefined;
    }
  };
  const find = (id: string, owner: string): Entry | undefined => {
    const entry = entries.get(id);
    if (!entry) return undefined;
    if (expired(entry, Date.now())) {
      entries.delete(id);
      return undefined;
    }
    return entry.owner === owner ? entry : undefined;
  };
  const take = (id: string, entry: Entry, leaseMs: number): SessionLease => {
    const now = Date.now();
    const token = globalThis.crypto.randomUUID();
    entry.lease = { token, until: now + leaseMs };
    entry.usedAt = now;
    return { id, owner: entry.owner, token, state: entry.state };
  };
  const holds = (lease: SessionLease): Entry | undefined => {
    const entry = entries.get(lease.id);
    return entry && entry.owner === lease.owner && entry.lease?.token === lease.token ? entry : undefined;
  };
  return {
    async create(owner, { ttlMs, maxSessions, leaseMs }) {
      sweep();
      if (entries.size >= maxSessions) {
        const now = Date.now();
        let evicted: [string, Entry] | undefined;
        // The owner's own least recently used session first, then anyone's.
        const rank = (entry: Entry) => (entry.owner === owner ? 0 : Number.MAX_SAFE_INTEGER / 2) + entry.usedAt;
        for (const item of entries) {
          if (leased(item[1], now)) continue;
          if (!evicted || rank(item[1]) < rank(evicted[1])) evicted = item;
        }
        if (!evicted) return null;
        entries.delete(evicted[0]);
      }
      // The global, not node:crypto: importing that module costs ~6 ms of every cold start, sessions or not.
      const id = globalThis.crypto.randomUUID();
      const entry: Entry = { owner, state: null, usedAt: Date.now(), expiresAt: Date.now() + ttlMs };
      entries.set(id, entry);
      sweeper ??= setInterval(sweep, SWEEP_MS).unref();
      return take(id, entry, leaseMs);
    },
    async lease(id, owner, leaseMs) {
      const entry = find(id, owner);
      if (!entry) return null;
      if (leased(entry, Date.now())) return "busy";
      return take(id, entry, leaseMs);
    },
    async renew(lease, leaseMs) {
      const entry = holds(lease);
      if (!entry) return false;
      entry.lease = { token: lease.token, until: Date.now() + leaseMs };
      return true;
    },
    async put(lease, state, ttlMs) {
      const entry = holds(lease);
      if (!entry) return false;
      const now = Date.now();
      if (state !== null) entry.state = state;
      delete entry.lease;
      entry.usedAt = now;
      entry.expiresAt = now + ttlMs;
      return true;
    },
    async delete(id, owner) {
      const entry = entries.get(id);
      if (!entry || entry.owner !== owner || expired(entry, Date.now())) return false;
      entries.delete(id);
      return true;
    },
    async close() {
      entries.clear();
      if (sweeper) clearInterval(sweeper);
      sweeper = undefined;
    },
  };
}
