import type { ContinuationStore, SessionStore } from "@codemode/core";
import type { ConsolePausedRuns } from "../console/index.js";
import type { RedisConnection } from "./connect-redis.js";
import { createRedisConsolePausedRuns } from "./create-redis-console-paused-runs.js";
import { createRedisContinuationStore } from "./create-redis-continuation-store.js";
import { createRedisSessionStore } from "./create-redis-session-store.js";

/** The default prefix of every key and channel the gateway keeps in Redis. */
export const DEFAULT_KEY_PREFIX = "codemode:";

/** What a cluster keeps in Redis: the core's two stores and the console's paused runs, on one connection. */
export interface RedisStores {
  sessions: SessionStore;
  continuations: ContinuationStore;
  consolePausedRuns: ConsolePausedRuns;
}

/** The stores on one Redis connection, their keys under `prefix` (default `codemode:`). */
export function createRedisStores(connection: RedisConnection, prefix = DEFAULT_KEY_PREFIX): RedisStores {
  return {
    sessions: createRedisSessionStore(connection, prefix),
    continuations: createRedisContinuationStore(connection, prefix),
    consolePausedRuns: createRedisConsolePausedRuns(connection, prefix),
  };
}
