import type { SessionLease } from "@codemode/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { until } from "../__fixtures__/fixtures.js";
import { HAS_REDIS, NO_REDIS, startRedisServer, type RedisServer } from "./__fixtures__/redis-server.js";
import { connectRedis, type RedisConnection } from "./connect-redis.js";
import { createRedisStores } from "./create-redis-stores.js";

if (!HAS_REDIS) console.warn(NO_REDIS);

const TTL = { ttlMs: 60_000, maxSessions: 3 };

// The contract itself (create-redis-session-store.test.ts) runs on one connection; here, what needs several
// processes or a Redis that goes away.

// eslint-disable-next-line codemode/no-skipped-tests -- needs redis-server, which a machine may lack (it says so above)
describe.skipIf(!HAS_REDIS)("createRedisStores", () => {
  let redis: RedisServer;
  const connections: RedisConnection[] = [];
  let prefixes = 0;

  /** Two processes' view of one store: separate connections, one prefix. */
  function twoStores() {
    const prefix = `test${++prefixes}:`;
    const open = () => {
      const connection = connectRedis(redis.url, { name: "stores-test" });
      connections.push(connection);
      return createRedisStores(connection, prefix);
    };
    return [open(), open()] as const;
  }

  beforeAll(async () => {
    redis = await startRedisServer();
  });
  afterAll(async () => {
    await Promise.all(connections.map((connection) => connection.close()));
    await redis?.close();
  });

  it("gives a lease to one execution at a time, across processes", async () => {
    const [a, b] = twoStores();
    expect(await a.sessions.create("s1", "ana", TTL)).toBe(true);
    const leases = await Promise.all([a.sessions.acquire("s1", "ana", 10_000), b.sessions.acquire("s1", "ana", 10_000)]);
    expect(leases.filter((lease) => typeof lease === "object")).toHaveLength(1);
    expect(leases).toContain("busy");
    const lease = leases.find((held): held is SessionLease => typeof held === "object")!;
    expect(lease.session).toEqual({ owner: "ana", state: null, version: 0 });
    expect(await b.sessions.release("s1", lease.token, { state: "x=1", ttlMs: 60_000 })).toBe(1);
    const next = await b.sessions.acquire("s1", "ana", 10_000);
    expect(next).toMatchObject({ session: { owner: "ana", state: "x=1", version: 1 } });
  });

  it("keeps a continuation for its time to live and lets exactly one claim it", async () => {
    const [a, b] = twoStores();
    await a.continuations.set("run-1", "recorded", 60_000);
    expect(await b.continuations.get("run-1")).toBe("recorded");
    expect(await b.continuations.get("run-2")).toBeNull();
    const claims = await Promise.all([a.continuations.claim("run-1", 60_000), b.continuations.claim("run-1", 60_000)]);
    expect(claims.sort()).toEqual([false, true]);
    await a.continuations.set("short", "gone soon", 50);
    await new Promise((resolve) => setTimeout(resolve, 120));
    expect(await b.continuations.get("short")).toBeNull();
  });

  it("fails at once while Redis is down, and keeps sessions across a restart of a Redis that appends to its AOF", async () => {
    const durable = await startRedisServer({ appendonly: true });
    const connection = connectRedis(durable.url, { name: "restart-test" });
    connections.push(connection);
    const { sessions } = createRedisStores(connection, "durable:");
    try {
      await sessions.create("kept", "ana", TTL);
      const lease = (await sessions.acquire("kept", "ana", 10_000)) as SessionLease;
      await sessions.release("kept", lease.token, { state: "total = 3", ttlMs: 60_000 });
      await durable.stop();
      const failure = await sessions.acquire("kept", "ana", 10_000).catch((error: unknown) => error);
      expect(failure).toMatchObject({ code: "UNAVAILABLE", retryable: true, message: expect.stringMatching(/^Redis at redis:\/\/127\.0\.0\.1:\d+ is unavailable/) });
      await durable.start();
      await until(() => connection.up);
      expect(await sessions.acquire("kept", "ana", 10_000)).toMatchObject({ session: { owner: "ana", state: "total = 3", version: 1 } });
    } finally {
      await durable.close();
    }
  });

  it("fails a command that a hung Redis does not answer, at the command timeout, and works once Redis answers again", async () => {
    const [a] = twoStores();
    await a.sessions.create("hung", "ana", TTL);
    redis.pause();
    try {
      const failure = await a.sessions.acquire("hung", "ana", 200).catch((error: unknown) => error);
      expect(failure).toMatchObject({ code: "UNAVAILABLE", message: expect.stringContaining("Command timed out") });
    } finally {
      redis.resume();
    }
    // Redis ran the timed-out acquire once it woke: that lease, whose answer nobody got, holds until it expires.
    await until(async () => typeof (await a.sessions.acquire("hung", "ana", 10_000).catch(() => undefined)) === "object");
  });
});
