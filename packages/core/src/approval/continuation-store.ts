/**
 * Where paused runs keep what does not fit in their continuation (recorded results past the size cap), and which
 * continuations were already resumed. The default keeps both in this process's memory; a store shared by several
 * processes (Redis) lets any of them resume a run another paused. Every method is atomic for everyone sharing it.
 */
export interface ContinuationStore {
  /** Keeps `value` under `key` for `ttlMs`. */
  set(key: string, value: string, ttlMs: number): Promise<void>;
  /** The value kept under `key`, or null when there is none or it expired. */
  get(key: string): Promise<string | null>;
  /**
   * Marks `key` as used for `ttlMs`: true for the first claim only, so a continuation resumed twice at once runs
   * once. A claim outlives the continuation's own expiry.
   */
  claim(key: string, ttlMs: number): Promise<boolean>;
}
