import { createHash } from "node:crypto";
import { CodeModeError } from "@codemode/core";
import type { Redis } from "ioredis";
import { redactUrl } from "../operate/index.js";

/** Options of {@link connectRedis}. */
export interface ConnectRedisOptions {
  /** The client's name in `CLIENT LIST`, to tell replicas apart. */
  name: string;
  /** How long connecting and each command may take before it fails. Default 2 s. */
  timeoutMs?: number;
  /** Told each time the connection comes up or goes down, with why it went down. */
  onStatus?: (status: "up" | "down", reason?: string) => void;
}

/** One connection to Redis, opened lazily; `where` names the server without its credentials, for messages. */
export interface RedisConnection {
  readonly where: string;
  /** The client, connected or reconnecting; commands fail at once while it is not connected. */
  client(): Promise<Redis>;
  /** Whether the connection is up now. */
  readonly up: boolean;
  /** The last connection error, while the connection is down. */
  readonly error: Error | undefined;
  close(): Promise<void>;
}

const DEFAULT_TIMEOUT_MS = 2_000;
const MAX_RECONNECT_DELAY_MS = 1_000;

/**
 * A connection to the Redis at `url` that never queues: while Redis is away every command fails at once (no
 * offline queue, no retry of a command), each command and the connect are bounded by `timeoutMs`, and the client
 * reconnects in the background by itself. `ioredis` is imported on the first use, so a gateway without `cluster`
 * never loads it.
 */
export function connectRedis(url: string, options: ConnectRedisOptions): RedisConnection {
  const where = redactUrl(url);
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  let made: Promise<Redis> | undefined;
  let current: Redis | undefined;
  let lastError: Error | undefined;
  let wasUp = false;
  let closing = false;

  const make = async () => {
    const { Redis } = await import("ioredis");
    const client = new Redis(url, {
      connectionName: options.name,
      lazyConnect: true,
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      connectTimeout: timeoutMs,
      commandTimeout: timeoutMs,
      retryStrategy: (attempt) => Math.min(attempt * 100, MAX_RECONNECT_DELAY_MS),
    });
    // Without a listener ioredis prints every failed reconnect; the callers report what matters to them.
    client.on("error", (error: Error) => (lastError = error));
    client.on("ready", () => {
      lastError = undefined;
      wasUp = true;
      options.onStatus?.("up");
    });
    client.on("close", () => {
      if (!wasUp || closing) return;
      wasUp = false;
      options.onStatus?.("down", lastError?.message ?? "the connection closed");
    });
    current = client;
    // The first attempt is awaited, so that the first command does not fail only because it came first; a failed
    // attempt is retried in the background like any lost connection.
    await client.connect().catch(() => undefined);
    return client;
  };

  return {
    where,
    client: () => (made ??= make()),
    get up() {
      return current?.status === "ready";
    },
    get error() {
      return current?.status === "ready" ? undefined : lastError;
    },
    async close() {
      closing = true;
      const client = await made?.catch(() => undefined);
      client?.disconnect();
    },
  };
}

/**
 * Runs one Redis operation; a failure (Redis down, a timeout) becomes a retryable `UNAVAILABLE` {@link CodeModeError}
 * that names the server, never its password.
 */
export async function redisCall<T>(connection: RedisConnection, what: string, run: (client: Redis) => Promise<T>): Promise<T> {
  try {
    return await run(await connection.client());
  } catch (error) {
    throw new CodeModeError("UNAVAILABLE", `Redis at ${connection.where} is unavailable (${what}: ${reasonOf(error as Error)})`, {
      retryable: true,
      cause: error,
    });
  }
}

/** ioredis's words for a command refused while disconnected, said plainly. */
function reasonOf(error: Error): string {
  return /enableOfflineQueue/.test(error.message) ? "not connected" : error.message;
}

/** A Lua script, run by its SHA-1 and sent whole only when Redis does not know it yet (after a restart, say). */
export interface RedisScript {
  run(client: Redis, keys: readonly string[], args: readonly (string | number)[]): Promise<unknown>;
}

/** Makes a {@link RedisScript} of Lua source. */
export function redisScript(lua: string): RedisScript {
  const sha = createHash("sha1").update(lua).digest("hex");
  return {
    async run(client, keys, args) {
      try {
        return await client.evalsha(sha, keys.length, ...keys, ...args);
      } catch (error) {
        if (!String((error as Error).message).startsWith("NOSCRIPT")) throw error;
        return client.eval(lua, keys.length, ...keys, ...args);
      }
    },
  };
}
