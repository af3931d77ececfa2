import { randomBytes } from "node:crypto";
import { redisCall, type RedisConnection } from "./connect-redis.js";

/**
 * The key that signs 2026-07-28 request states on every replica: the first replica to ask stores its own (`held`, or
 * a random one) with SET NX, and every later one reads it. It stays in Redis with no expiry; a replica that held a
 * key offers it again after each reconnect, so a Redis that lost its data gets the same key back.
 */
export async function shareRequestStateKey(connection: RedisConnection, prefix: string, held?: Uint8Array): Promise<Uint8Array> {
  const mine = Buffer.from(held ?? randomBytes(32)).toString("base64");
  const stored = await redisCall(connection, "share the requestState key", (client) => client.set(`${prefix}request-state-key`, mine, "NX", "GET"));
  return Buffer.from(stored ?? mine, "base64");
}
