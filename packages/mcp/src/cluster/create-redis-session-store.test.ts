import { describeSessionStoreContract } from "@codemode/core/testing";
import { afterAll, beforeAll, describe } from "vitest";
import { HAS_REDIS, NO_REDIS, startRedisServer, type RedisServer } from "./__fixtures__/redis-server.js";
import { connectRedis } from "./connect-redis.js";
import { createRedisSessionStore } from "./create-redis-session-store.js";

if (!HAS_REDIS) console.warn(NO_REDIS);

// eslint-disable-next-line codemode/no-skipped-tests -- needs redis-server, which a machine may lack (it says so above)
describe.skipIf(!HAS_REDIS)("createRedisSessionStore", () => {
  let redis: RedisServer;
  let stores = 0;
  beforeAll(async () => {
    redis = await startRedisServer();
  });
  afterAll(async () => {
    await redis?.close();
  });

  // Each test gets an empty store: a prefix of its own in the one Redis.
  describeSessionStoreContract("Redis", () => {
    const connection = connectRedis(redis.url, { name: "contract-test" });
    return { store: createRedisSessionStore(connection, `contract${++stores}:`), close: () => connection.close() };
  });
});
