import { hostname } from "node:os";
import { CodeModeError } from "@codemode/core";
import type { ClusterConfig } from "../config/index.js";
import { redactUrl } from "../operate/index.js";
import { connectRedis, type RedisConnection } from "./connect-redis.js";
import { countExecutionsInRedis, type ExecutionCounter } from "./count-executions-in-redis.js";
import { createRedisStores, DEFAULT_KEY_PREFIX, type RedisStores } from "./create-redis-stores.js";
import { shareRequestStateKey } from "./share-request-state-key.js";

/** What one replica tells the others about an upstream: its tools changed, it went down, it came back. */
export interface UpstreamEvent {
  upstream: string;
  kind: "tools_changed" | "down" | "up";
}

/** Options of {@link createCluster}. */
export interface CreateClusterOptions {
  log: { info(message: string, fields?: Record<string, unknown>): void; warn(message: string, fields?: Record<string, unknown>): void };
}

/** One replica's part in a cluster of gateways sharing a Redis. */
export interface Cluster {
  readonly replicaId: string;
  /** Code sessions and paused runs' continuations, shared by every replica. */
  readonly stores: RedisStores;
  /** The per-principal execution rate, counted across every replica. */
  readonly countExecutions: ExecutionCounter;
  /**
   * Connects to Redis (once; later calls wait for the first) and gets the key that signs 2026-07-28 request states:
   * `cluster.secret`, else the one shared through Redis. Throws `INVALID_CONFIG` naming `cluster.redisUrl` when Redis cannot be used: an unknown host,
   * refused credentials, or, without a secret, no answer at all.
   */
  start(): Promise<void>;
  /** The key that signs 2026-07-28 request states, the same on every replica; set once {@link start} resolved. */
  readonly requestStateKey: Uint8Array | undefined;
  /** Tells the other replicas about an upstream; lost (and logged) while Redis is away. */
  publish(event: UpstreamEvent): void;
  /**
   * Calls back with each event another replica publishes, and with "resync" when the connection to Redis came back
   * (events sent meanwhile were lost).
   */
  subscribe(listener: (event: UpstreamEvent | "resync") => void): void;
  /** Whether Redis answers now. */
  readonly redisUp: boolean;
  /** Where Redis is, without credentials. */
  readonly redisWhere: string;
  close(): Promise<void>;
}

/** Errors that no reconnect will fix: the URL names no host, or Redis refuses its credentials or database. */
const MISCONFIGURED = /ENOTFOUND|EAI_AGAIN|WRONGPASS|NOAUTH|invalid password|invalid username|DB index is out of range|ERR AUTH/i;

/**
 * Makes this replica's cluster part. Nothing connects until {@link Cluster.start}; `ioredis` is loaded then, so a
 * gateway without `cluster` never pays for it.
 */
export function createCluster(config: ClusterConfig, options: CreateClusterOptions): Cluster {
  const prefix = config.keyPrefix ?? DEFAULT_KEY_PREFIX;
  const replicaId = replicaIdOf(config);
  const where = redactUrl(config.redisUrl);
  const channel = `${prefix}upstream-events`;
  const listeners = new Set<(event: UpstreamEvent | "resync") => void>();
  let key: Uint8Array | undefined = config.secret === undefined ? undefined : Buffer.from(config.secret, "utf8");
  const commands: RedisConnection = connectRedis(config.redisUrl, {
    name: `codemode ${replicaId}`,
    onStatus: (status, reason) => {
      if (status === "down") options.log.warn(`Redis at ${where} is down (${reason}); code sessions fail until it is back`, { redis: "down" });
      else if (started) {
        options.log.info(`Redis at ${where} is up`, { redis: "up" });
        if (config.secret === undefined && key) void offerKey(key);
      }
    },
  });

  /** Offers the key this replica holds again (Redis may have lost it); takes the one Redis has if it differs. */
  async function offerKey(held: Uint8Array) {
    try {
      const shared = await shareRequestStateKey(commands, prefix, held);
      if (Buffer.from(shared).equals(Buffer.from(held))) return;
      key = shared;
      options.log.warn("the requestState key in Redis is not the one this replica held; requestStates it signed before are no longer accepted");
    } catch {
      // Down again: the next reconnect offers it again.
    }
  }
  let subscribedOnce = false;
  const events: RedisConnection = connectRedis(config.redisUrl, {
    name: `codemode ${replicaId} events`,
    onStatus: (status) => {
      if (status !== "up") return;
      void events.client().then((client) => client.subscribe(channel).catch(() => undefined));
      // Events published while this replica was cut off are lost: every upstream is listed again instead.
      if (subscribedOnce) for (const listener of listeners) listener("resync");
      subscribedOnce = true;
    },
  });
  let started = false;
  let starting: Promise<void> | undefined;

  const misconfigured = (reason: string) =>
    new CodeModeError("INVALID_CONFIG", `Invalid gateway config: cluster.redisUrl: cannot use Redis at ${where} (${reason}).`, {
      details: { problems: [`cluster.redisUrl: cannot use Redis at ${where} (${reason})`] },
    });

  async function begin(): Promise<void> {
    await commands.client();
    const subscriber = await events.client();
    subscriber.on("message", (from: string, text: string) => {
      if (from !== channel) return;
      const event = parseEvent(text, replicaId);
      if (event) for (const listener of listeners) listener(event);
    });
    started = true;
    const error = commands.error;
    if (error && MISCONFIGURED.test(error.message)) throw misconfigured(error.message);
    if (config.secret !== undefined) {
      if (error) options.log.warn(`Redis at ${where} is down (${error.message}); code sessions fail until it is back`, { redis: "down" });
      return;
    }
    if (error) {
      throw misconfigured(`${error.message}; without cluster.secret a replica needs Redis to start, to share the key that signs 2026-07-28 request states`);
    }
    key = await shareRequestStateKey(commands, prefix);
  }

  return {
    replicaId,
    stores: createRedisStores(commands, prefix),
    countExecutions: countExecutionsInRedis(commands, prefix),
    start: () => (starting ??= begin()),
    get requestStateKey() {
      return key;
    },
    publish(event) {
      void commands
        .client()
        .then((client) => client.publish(channel, JSON.stringify({ ...event, replica: replicaId })))
        .catch((error: Error) => options.log.warn(`could not tell the other replicas that upstream ${event.upstream} ${event.kind} (${error.message})`));
    },
    subscribe: (listener) => void listeners.add(listener),
    get redisUp() {
      return commands.up;
    },
    redisWhere: where,
    async close() {
      listeners.clear();
      await Promise.all([commands.close(), events.close()]);
    },
  };
}

/** This process's name in the cluster: `cluster.replicaId`, else hostname:pid. */
export function replicaIdOf(config: ClusterConfig): string {
  return config.replicaId ?? `${hostname()}:${process.pid}`;
}

function parseEvent(text: string, self: string): UpstreamEvent | undefined {
  try {
    const { upstream, kind, replica } = JSON.parse(text) as Record<string, unknown>;
    if (replica === self || typeof upstream !== "string") return undefined;
    if (kind !== "tools_changed" && kind !== "down" && kind !== "up") return undefined;
    return { upstream, kind };
  } catch {
    return undefined;
  }
}
