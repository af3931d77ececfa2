import { randomUUID } from "node:crypto";
import type { SessionLease, SessionStore } from "@codemode/core";
import { redisCall, type RedisConnection } from "./connect-redis.js";
import { ACQUIRE, CREATE, DELETE, LIST, RELEASE, RENEW } from "./session-store-scripts.js";

/**
 * A {@link SessionStore} in Redis, shared by every process that uses the same Redis and `prefix`: each method is one
 * Lua script, so leases, the cap and eviction hold across processes. While Redis is away every method rejects at
 * once with a retryable `UNAVAILABLE` error; sessions come back with Redis when it persists its data (AOF).
 */
export function createRedisSessionStore(connection: RedisConnection, prefix: string): SessionStore {
  const keyPrefix = `${prefix}session:`;
  const index = `${prefix}sessions`;
  const uses = `${prefix}sessions:uses`;
  const keyOf = (id: string) => `${keyPrefix}${id}`;

  return {
    create: (id, owner, { ttlMs, maxSessions }) =>
      redisCall(connection, "create a session", async (client) => {
        return (await CREATE.run(client, [keyOf(id), index, uses], [id, owner, ttlMs, maxSessions, keyPrefix])) === 1;
      }),
    acquire: (id, owner, leaseMs) =>
      redisCall(connection, "acquire a session", async (client): Promise<SessionLease | "busy" | "missing"> => {
        const token = randomUUID();
        const [answer, state, version] = (await ACQUIRE.run(client, [keyOf(id), index, uses], [id, owner, token, leaseMs])) as [string, string | null, string];
        if (answer !== "ok") return answer as "busy" | "missing";
        return { token, session: { owner, state: state ?? null, version: Number(version) } };
      }),
    renew: (id, token, leaseMs) =>
      redisCall(connection, "renew a session lease", async (client) => (await RENEW.run(client, [keyOf(id)], [token, leaseMs])) === 1),
    release: (id, token, { state, ttlMs }) =>
      redisCall(connection, "release a session", async (client) => {
        const saved = state === undefined ? ["0"] : ["1", state];
        const version = (await RELEASE.run(client, [keyOf(id), index, uses], [id, token, ttlMs, ...saved])) as number;
        return version < 0 ? false : version;
      }),
    delete: (id, owner) =>
      redisCall(connection, "end a session", async (client) => (await DELETE.run(client, [keyOf(id), index], [id, owner])) === 1),
    list: (owner) =>
      redisCall(connection, "list sessions", async (client) => {
        const flat = (await LIST.run(client, [index], [owner, keyPrefix])) as (string | number)[];
        const sessions = [];
        for (let at = 0; at + 2 < flat.length; at += 3) {
          sessions.push({ id: String(flat[at]), expiresAt: Date.now() + Number(flat[at + 1]), running: Number(flat[at + 2]) === 1 });
        }
        return sessions;
      }),
  };
}
