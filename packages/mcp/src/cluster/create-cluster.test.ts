import { afterAll, describe, expect, it } from "vitest";
import { freePort, until } from "../__fixtures__/fixtures.js";
import { HAS_REDIS, NO_REDIS, startRedisServer, type RedisServer } from "./__fixtures__/redis-server.js";
import { connectRedis } from "./connect-redis.js";
import { createCluster, type Cluster } from "./create-cluster.js";

if (!HAS_REDIS) console.warn(NO_REDIS);

const log = { info: () => undefined, warn: () => undefined };
const SECRET = "a-secret-of-at-least-thirty-two-characters";

// eslint-disable-next-line codemode/no-skipped-tests -- needs redis-server, which a machine may lack (it says so above)
describe.skipIf(!HAS_REDIS)("createCluster", () => {
  const clusters: Cluster[] = [];
  const servers: RedisServer[] = [];
  let replicas = 0;
  // Replicas in one process: each needs an id of its own, as hostname:pid would be the same.
  const open = (redisUrl: string, extra: { secret?: string } = {}) => {
    const cluster = createCluster({ redisUrl, replicaId: `replica-${++replicas}`, ...extra }, { log });
    clusters.push(cluster);
    return cluster;
  };
  const redisServer = async (options: Parameters<typeof startRedisServer>[0] = {}) => {
    const server = await startRedisServer(options);
    servers.push(server);
    return server;
  };
  afterAll(async () => {
    await Promise.all(clusters.map((cluster) => cluster.close()));
    await Promise.all(servers.map((server) => server.close()));
  });

  it("shares one requestState key between replicas that have no secret", async () => {
    const redis = await redisServer();
    const [a, b] = [open(redis.url), open(redis.url)];
    await Promise.all([a.start(), b.start()]);
    const key = Buffer.from(a.requestStateKey!);
    expect(key.equals(Buffer.from(b.requestStateKey!))).toBe(true);
    expect(key.byteLength).toBe(32);
    // A Redis that lost its data gets the same key back from a replica that reconnects, so a new replica agrees.
    await redis.stop();
    await redis.start();
    const probe = connectRedis(redis.url, { name: "probe" });
    try {
      await until(async () => (await (await probe.client()).get("codemode:request-state-key")) !== null);
    } finally {
      await probe.close();
    }
    const late = open(redis.url);
    await late.start();
    expect(Buffer.from(late.requestStateKey!).equals(key)).toBe(true);
  });

  it("refuses an unknown host and refused credentials as INVALID_CONFIG naming cluster.redisUrl", async () => {
    await expect(open("redis://nowhere.invalid:6379", { secret: SECRET }).start()).rejects.toMatchObject({
      code: "INVALID_CONFIG",
      message: expect.stringMatching(/^Invalid gateway config: cluster\.redisUrl: cannot use Redis at redis:\/\/nowhere\.invalid:6379 \(.*ENOTFOUND/),
    });
    const locked = await redisServer({ password: "the-right-one" });
    const failure = await open(`redis://:wrong-password@127.0.0.1:${locked.port}`, { secret: SECRET }).start().catch((error: Error) => error);
    expect(failure).toMatchObject({ code: "INVALID_CONFIG", message: expect.stringMatching(/cluster\.redisUrl: .*WRONGPASS/) });
    // The password is never in a message.
    expect((failure as Error).message).not.toContain("wrong-password");
  });

  it("needs Redis to start without a secret, starts without it given one, and connects once Redis is there", async () => {
    const port = await freePort();
    await expect(open(`redis://127.0.0.1:${port}`).start()).rejects.toMatchObject({
      code: "INVALID_CONFIG",
      message: expect.stringContaining("without cluster.secret a replica needs Redis to start"),
    });
    const patient = open(`redis://127.0.0.1:${port}`, { secret: SECRET });
    await patient.start();
    expect(Buffer.from(patient.requestStateKey!).toString("utf8")).toBe(SECRET);
    expect(patient.redisUp).toBe(false);
    await redisServer({ port });
    await until(() => patient.redisUp);
  });

  it("passes an upstream event to the other replicas only, and asks for a resync after Redis came back", async () => {
    const redis = await redisServer();
    const [a, b] = [open(redis.url), open(redis.url)];
    await Promise.all([a.start(), b.start()]);
    const seenByA: unknown[] = [];
    const seenByB: unknown[] = [];
    a.subscribe((event) => seenByA.push(event));
    b.subscribe((event) => seenByB.push(event));
    a.publish({ upstream: "crm", kind: "tools_changed" });
    await until(() => seenByB.length > 0);
    expect(seenByB).toEqual([{ upstream: "crm", kind: "tools_changed" }]);
    await redis.stop();
    await redis.start();
    await until(() => seenByA.includes("resync") && seenByB.includes("resync"));
    b.publish({ upstream: "crm", kind: "up" });
    await until(() => seenByA.length > 1 && seenByA.some((event) => typeof event === "object"));
    expect(seenByA.filter((event) => typeof event === "object")).toEqual([{ upstream: "crm", kind: "up" }]);
  });
});
