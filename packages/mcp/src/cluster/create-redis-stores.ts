import type { ContinuationStore, SessionStore } from "@codemode/core";
import type { RedisConnection } from "./connect-redis.js";
import { createRedisContinuationStore } from "./create-redis-continuation-store.js";
import { createRedisSessionStore } from "./create-redis-session-store.js";

/** The default prefix of every key and channel the gateway keeps in Redis. */
export const DEFAULT_KEY_PREFIX = "codemode:";

/** The core's two stores on one Redis connection, their keys under `prefix` (default `codemode:`). */
export function createRedisStores(connection: RedisConnection, prefix = DEFAULT_KEY_PREFIX): { sessions: SessionStore; continuations: ContinuationStore } {
  return { sessions: createRedisSessionStore(connection, prefix), continuations: createRedisContinuationStore(connection, prefix) };
}
