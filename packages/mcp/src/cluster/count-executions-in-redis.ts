import { randomUUID } from "node:crypto";
import { redisCall, redisScript, type RedisConnection } from "./connect-redis.js";

/** What a rate window says about one more execution: admitted, or refused with the count and when to retry. */
export type WindowAnswer = { admitted: true } | { admitted: false; count: number; retryAfterMs: number };

/** Counts the executions each principal started in the last `windowMs`, across every replica. */
export type ExecutionCounter = (principal: string, limit: number, windowMs: number) => Promise<WindowAnswer>;

// A sliding window: one sorted-set member per start, scored by Redis's clock, so it counts exactly what the
// single-process quota counts and needs no agreement between the replicas' clocks.
// KEYS: the principal's window. ARGV: limit, windowMs, a member unique to this start. {1} or {0, count, retryAfterMs}.
const TAKE = redisScript(`
local clock = redis.call('TIME')
local now = tonumber(clock[1]) * 1000 + math.floor(tonumber(clock[2]) / 1000)
local limit, window = tonumber(ARGV[1]), tonumber(ARGV[2])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now - window)
local count = redis.call('ZCARD', KEYS[1])
if count >= limit then
  local oldest = redis.call('ZRANGE', KEYS[1], 0, 0, 'WITHSCORES')
  return {0, count, math.max(1, tonumber(oldest[2]) + window - now)}
end
redis.call('ZADD', KEYS[1], now, ARGV[3])
redis.call('PEXPIRE', KEYS[1], window)
return {1}
`);

/** The per-principal rate counted in Redis, under `<prefix>rate:<principal>`; rejects with `UNAVAILABLE` while Redis is away. */
export function countExecutionsInRedis(connection: RedisConnection, prefix: string): ExecutionCounter {
  return (principal, limit, windowMs) =>
    redisCall(connection, "count an execution", async (client) => {
      const [admitted, count, retryAfterMs] = (await TAKE.run(client, [`${prefix}rate:${principal}`], [limit, windowMs, randomUUID()])) as number[];
      return admitted === 1 ? { admitted: true } : { admitted: false, count: count!, retryAfterMs: retryAfterMs! };
    });
}
