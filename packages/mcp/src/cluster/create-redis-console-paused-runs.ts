import { createHash } from "node:crypto";
import type { ConsolePausedRun, ConsolePausedRuns } from "../console/index.js";
import { redisCall, type RedisConnection } from "./connect-redis.js";

/**
 * The console's paused runs in Redis, shared by every replica: one hash per owner (its key a hash of the owner, which
 * may be a token's digest), a field per run; the hash lives as long as its newest run. Taking a run is its HDEL, so two
 * decisions at once find it for one of them only.
 */
export function createRedisConsolePausedRuns(connection: RedisConnection, prefix: string): ConsolePausedRuns {
  const keyOf = (owner: string) => `${prefix}console:paused:${createHash("sha256").update(owner).digest("hex")}`;
  const live = (text: string | null): ConsolePausedRun | undefined => {
    const run = text === null ? undefined : (JSON.parse(text) as ConsolePausedRun);
    return run && run.expiresAt > Date.now() ? run : undefined;
  };
  return {
    add: (owner, run) =>
      redisCall(connection, "keep a paused console run", async (client) => {
        const key = keyOf(owner);
        const ttlMs = Math.max(1, run.expiresAt - Date.now());
        // NX sets the first expiry, GT moves it later for a newer run; neither shortens it.
        await client.multi().hset(key, run.id, JSON.stringify(run)).pexpire(key, ttlMs, "NX").pexpire(key, ttlMs, "GT").exec();
      }),
    list: (owner) =>
      redisCall(connection, "list paused console runs", async (client) => {
        const runs = Object.values(await client.hgetall(keyOf(owner))).map(live).filter((run) => run !== undefined);
        return runs.sort((left, right) => right.pausedAt.localeCompare(left.pausedAt));
      }),
    take: (owner, id) =>
      redisCall(connection, "take a paused console run", async (client) => {
        const key = keyOf(owner);
        const text = await client.hget(key, id);
        return text !== null && (await client.hdel(key, id)) === 1 ? live(text) : undefined;
      }),
  };
}
