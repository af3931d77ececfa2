import type { ContinuationStore } from "@codemode/core";
import { redisCall, type RedisConnection } from "./connect-redis.js";

/**
 * A {@link ContinuationStore} in Redis, shared by every process that uses the same Redis and `prefix`: values under
 * `<prefix>continuation:`, claims under `<prefix>claim:` (a SET NX, so exactly one claimer wins). While Redis is
 * away every method rejects at once with a retryable `UNAVAILABLE` error.
 */
export function createRedisContinuationStore(connection: RedisConnection, prefix: string): ContinuationStore {
  return {
    set: (key, value, ttlMs) =>
      redisCall(connection, "keep a continuation", async (client) => {
        await client.set(`${prefix}continuation:${key}`, value, "PX", ttlMs);
      }),
    get: (key) => redisCall(connection, "read a continuation", (client) => client.get(`${prefix}continuation:${key}`)),
    claim: (key, ttlMs) =>
      redisCall(connection, "claim a continuation", async (client) => (await client.set(`${prefix}claim:${key}`, "1", "PX", ttlMs, "NX")) === "OK"),
  };
}
