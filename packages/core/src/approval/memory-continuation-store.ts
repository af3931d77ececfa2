import type { ContinuationStore } from "./continuation-store.js";

/**
 * A {@link ContinuationStore} in this process's memory: the default of pause mode. A continuation it holds can be
 * resumed only by a code mode of this process; share a store (Redis) to resume in another.
 */
export function createMemoryContinuationStore(): ContinuationStore {
  const values = new Map<string, { value: string; until: number }>();
  const claims = new Map<string, number>();
  // Expired entries go when the store is next written, so an idle store holds only what was last kept.
  const prune = (now: number) => {
    for (const [key, entry] of values) if (entry.until <= now) values.delete(key);
    for (const [key, until] of claims) if (until <= now) claims.delete(key);
  };
  return {
    async set(key, value, ttlMs) {
      const now = Date.now();
      prune(now);
      values.set(key, { value, until: now + ttlMs });
    },
    async get(key) {
      const entry = values.get(key);
      return entry && entry.until > Date.now() ? entry.value : null;
    },
    async claim(key, ttlMs) {
      const now = Date.now();
      prune(now);
      if (claims.has(key)) return false;
      claims.set(key, now + ttlMs);
      return true;
    },
  };
}
