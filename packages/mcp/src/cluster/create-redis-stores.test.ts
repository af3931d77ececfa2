import type { SessionLease } from "@codemode/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HAS_REDIS, NO_REDIS, startRedisServer, type RedisServer } from "./__fixtures__/redis-server.js";
import { connectRedis, type RedisConnection } from "./connect-redis.js";
import { createRedisStores } from "./create-redis-stores.js";

if (!HAS_REDIS) console.warn(NO_REDIS);

const TTL = { ttlMs: 60_000, maxSessions: 3 };

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

  it("answers missing for another owner's session, an unknown id and an ended one", async () => {
    const [a, b] = twoStores();
    await a.sessions.create("s1", "ana", TTL);
    expect(await b.sessions.acquire("s1", "bob", 10_000)).toBe("missing");
    expect(await b.sessions.acquire("nope", "ana", 10_000)).toBe("missing");
    expect(await b.sessions.delete("s1", "bob")).toBe(false);
    expect(await b.sessions.delete("s1", "ana")).toBe(true);
    expect(await a.sessions.acquire("s1", "ana", 10_000)).toBe("missing");
  });

  it("lets another take a lease that expired, and then refuses the first holder's renew and release", async () => {
    const [a, b] = twoStores();
    await a.sessions.create("s1", "ana", TTL);
    const first = (await a.sessions.acquire("s1", "ana", 50)) as SessionLease;
    await new Promise((resolve) => setTimeout(resolve, 120));
    const second = await b.sessions.acquire("s1", "ana", 10_000);
    expect(typeof second).toBe("object");
    expect(await a.sessions.renew("s1", first.token, 10_000)).toBe(false);
    expect(await a.sessions.release("s1", first.token, { state: "lost", ttlMs: 60_000 })).toBe(false);
    expect(await b.sessions.renew("s1", (second as SessionLease).token, 10_000)).toBe(true);
    expect(await b.sessions.release("s1", (second as SessionLease).token, { ttlMs: 60_000 })).toBe(0);
  });

  it("ends a session after its idle time to live, for every process", async () => {
    const [a, b] = twoStores();
    await a.sessions.create("s1", "ana", { ttlMs: 100, maxSessions: 3 });
    const lease = (await b.sessions.acquire("s1", "ana", 10_000)) as SessionLease;
    expect(await b.sessions.release("s1", lease.token, { state: "kept", ttlMs: 100 })).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await a.sessions.acquire("s1", "ana", 10_000)).toBe("missing");
  });

  it("makes room at the cap by ending the least recently used idle session, the owner's own first", async () => {
    const [a, b] = twoStores();
    await a.sessions.create("bob-old", "bob", TTL);
    await a.sessions.create("ana-old", "ana", TTL);
    await a.sessions.create("ana-new", "ana", TTL);
    expect(await b.sessions.create("ana-3", "ana", TTL)).toBe(true);
    expect(await b.sessions.acquire("ana-old", "ana", 10_000)).toBe("missing");
    expect(typeof (await b.sessions.acquire("bob-old", "bob", 10_000))).toBe("object");
    // bob-old is leased now: carol's session ends the least recently used free one, ana-new.
    expect(await a.sessions.create("carol-1", "carol", TTL)).toBe(true);
    expect(await a.sessions.acquire("ana-new", "ana", 10_000)).toBe("missing");
  });

  it("refuses a new session when every session at the cap holds a lease", async () => {
    const [a, b] = twoStores();
    for (const id of ["s1", "s2", "s3"]) {
      await a.sessions.create(id, "ana", TTL);
      await b.sessions.acquire(id, "ana", 10_000);
    }
    expect(await b.sessions.create("s4", "ana", TTL)).toBe(false);
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
});
