import type { SessionLease, SessionStore } from "./session-store.js";

interface Entry {
  owner: string;
  state: string | null;
  version: number;
  /** Idle deadline: the session ends after it unless a lease is held then. */
  expiresAt: number;
  lease: { token: string; until: number } | null;
}

/**
 * The default SessionStore: sessions in a Map of this process, so only code modes of this process can share it.
 * Leases and times to live are checked against the clock on every call; an expired session is gone at once.
 *
 * @example
 * const store = createMemorySessionStore();
 * const first = createCodeMode({ tools, sessions: { store } });
 * const second = createCodeMode({ tools, sessions: { store } }); // runs the sessions `first` opened
 */
export function createMemorySessionStore(): SessionStore {
  // Insertion order is use order (each use moves the entry to the end), so the first lease-free entry is the LRU one.
  const entries = new Map<string, Entry>();

  const leased = (entry: Entry, now: number) => entry.lease !== null && entry.lease.until > now;
  const expired = (entry: Entry, now: number) => entry.expiresAt <= now && !leased(entry, now);
  const touch = (id: string, entry: Entry) => {
    entries.delete(id);
    entries.set(id, entry);
  };
  const live = (id: string, now: number): Entry | undefined => {
    const entry = entries.get(id);
    if (entry && expired(entry, now)) {
      entries.delete(id);
      return undefined;
    }
    return entry;
  };
  const held = (id: string, token: string, now: number): Entry | undefined => {
    const entry = live(id, now);
    return entry?.lease?.token === token && entry.lease.until > now ? entry : undefined;
  };

  return {
    async create(id, owner, { ttlMs, maxSessions }) {
      const now = Date.now();
      for (const [key, entry] of entries) if (expired(entry, now)) entries.delete(key);
      if (entries.has(id)) return false;
      if (entries.size >= maxSessions) {
        const counts = new Map<string, number>();
        for (const entry of entries.values()) counts.set(entry.owner, (counts.get(entry.owner) ?? 0) + 1);
        while (entries.size >= maxSessions) {
          const evicted = chooseEviction(entries, counts, owner, maxSessions, (entry) => !leased(entry, now));
          if (evicted === undefined) return false;
          const evictedOwner = entries.get(evicted)!.owner;
          const left = counts.get(evictedOwner)! - 1;
          if (left === 0) counts.delete(evictedOwner);
          else counts.set(evictedOwner, left);
          entries.delete(evicted);
        }
      }
      entries.set(id, { owner, state: null, version: 0, expiresAt: now + ttlMs, lease: null });
      return true;
    },
    async acquire(id, owner, leaseMs) {
      const now = Date.now();
      const entry = live(id, now);
      if (!entry || entry.owner !== owner) return "missing";
      if (leased(entry, now)) return "busy";
      const token = globalThis.crypto.randomUUID();
      entry.lease = { token, until: now + leaseMs };
      touch(id, entry);
      const lease: SessionLease = { token, session: { owner, state: entry.state, version: entry.version } };
      return lease;
    },
    async renew(id, token, leaseMs) {
      const now = Date.now();
      const entry = held(id, token, now);
      if (!entry) return false;
      entry.lease = { token, until: now + leaseMs };
      return true;
    },
    async release(id, token, { state, ttlMs }) {
      const now = Date.now();
      const entry = held(id, token, now);
      if (!entry) return false;
      if (state !== undefined) {
        entry.state = state;
        entry.version++;
      }
      entry.lease = null;
      entry.expiresAt = now + ttlMs;
      touch(id, entry);
      return entry.version;
    },
    async delete(id, owner) {
      const entry = live(id, Date.now());
      if (!entry || entry.owner !== owner) return false;
      entries.delete(id);
      return true;
    },
    async list(owner) {
      const now = Date.now();
      const found = [];
      for (const [id, entry] of entries) {
        if (entry.owner !== owner || expired(entry, now)) continue;
        const running = leased(entry, now);
        found.push({ id, expiresAt: running ? entry.lease!.until : entry.expiresAt, running });
      }
      return found.reverse();
    },
  };
}

/**
 * The session a full store ends for `owner`'s new one, least recently used first among those `idle` admits: the
 * owner's own when its new session would take it past its share (`maxSessions` shared among the owners holding
 * sessions, the new one's owner counted), else one of an owner holding more than its share, else the owner's own.
 * An owner within its share never loses a session to another's new one.
 */
function chooseEviction<Held extends { owner: string }>(
  entries: ReadonlyMap<string, Held>,
  counts: ReadonlyMap<string, number>,
  owner: string,
  maxSessions: number,
  idle: (entry: Held) => boolean,
): string | undefined {
  const share = maxSessions / (counts.size + (counts.has(owner) ? 0 : 1));
  let own: string | undefined;
  let over: string | undefined;
  for (const [key, entry] of entries) {
    if (!idle(entry)) continue;
    if (entry.owner === owner) own ??= key;
    else if ((counts.get(entry.owner) ?? 0) > share) over ??= key;
  }
  return (counts.get(owner) ?? 0) + 1 > share ? (own ?? over) : (over ?? own);
}
