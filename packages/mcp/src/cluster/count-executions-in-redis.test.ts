import { isCodeModeError } from "@codemode/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { until } from "../__fixtures__/fixtures.js";
import { createQuotas } from "../quotas/index.js";
import { HAS_REDIS, NO_REDIS, startRedisServer, type RedisServer } from "./__fixtures__/redis-server.js";
import { connectRedis, type RedisConnection } from "./connect-redis.js";
import { countExecutionsInRedis } from "./count-executions-in-redis.js";

if (!HAS_REDIS) console.warn(NO_REDIS);

async function refusalOf(admit: () => Promise<unknown>) {
  try {
    await admit();
    return undefined;
  } catch (error) {
    if (!isCodeModeError(error)) throw error;
    return { code: error.code, message: error.message, ...error.details } as Record<string, unknown>;
  }
}

// eslint-disable-next-line codemode/no-skipped-tests -- needs redis-server, which a machine may lack (it says so above)
describe.skipIf(!HAS_REDIS)("countExecutionsInRedis", () => {
  let redis: RedisServer;
  const connections: RedisConnection[] = [];
  const unavailable: string[] = [];

  /** One replica's quotas, counting the rate in the shared Redis. */
  function replicaQuotas(prefix: string) {
    const connection = connectRedis(redis.url, { name: "rate-test" });
    connections.push(connection);
    const count = countExecutionsInRedis(connection, prefix);
    return createQuotas({ maxExecutionsPerMinute: 2 }, { poolSize: 4, sharedRate: { count, onUnavailable: (error) => unavailable.push(error.message) } });
  }

  beforeAll(async () => {
    redis = await startRedisServer();
  });
  afterAll(async () => {
    await Promise.all(connections.map((connection) => connection.close()));
    await redis?.close();
  });

  it("counts a principal's starts across replicas, and other principals apart", async () => {
    const [a, b] = [replicaQuotas("shared:"), replicaQuotas("shared:")];
    (await a.admit("ana")).release();
    (await b.admit("ana")).release();
    const refused = await refusalOf(() => a.admit("ana"));
    expect(refused).toMatchObject({ code: "LIMIT_EXCEEDED", quota: "maxExecutionsPerMinute", limit: 2, message: expect.stringContaining("ana started 2 executions") });
    expect(refused?.retryAfterMs).toSatisfy((wait: number) => wait > 0 && wait <= 60_000);
    expect(await refusalOf(() => b.admit("bob"))).toBeUndefined();
    // The refused one took no slot.
    expect(a.inFlight).toBe(0);
  });

  it("falls back to this replica's own count while Redis is away, and shares again once it is back", async () => {
    const [a, b] = [replicaQuotas("away:"), replicaQuotas("away:")];
    (await a.admit("ana")).release();
    await redis.stop();
    (await b.admit("ana")).release();
    (await b.admit("ana")).release();
    expect(await refusalOf(() => b.admit("ana"))).toMatchObject({ quota: "maxExecutionsPerMinute" });
    expect(unavailable.at(-1)).toMatch(/Redis at redis:\/\/127\.0\.0\.1:\d+ is unavailable/);
    await redis.start();
    // Without persistence the restarted Redis counts from nothing; the client reconnects by itself.
    await until(() => connections.every((connection) => connection.up));
    (await a.admit("carol")).release();
    (await b.admit("carol")).release();
    expect(await refusalOf(() => a.admit("carol"))).toMatchObject({ quota: "maxExecutionsPerMinute" });
  });
});
