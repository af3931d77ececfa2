import { randomBytes } from "node:crypto";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { requirePrograms } from "./find-program.js";
import { freePort } from "./free-port.js";
import { startHaproxy, type Haproxy } from "./start-haproxy.js";
import { startRedis, type RedisServer } from "./start-redis.js";
import { createReplica, type Replica } from "./start-replica.js";

/** Options of {@link startCluster}. */
export interface ClusterOptions {
  /** How many `codemode serve` processes. */
  replicas: number;
  /**
   * The gateway config every replica gets (the JSON a config file holds), with absolute paths: it is written to a
   * temporary folder. The harness sets `cluster`, `auth` and, unless given, `sessions`.
   */
  config: Record<string, unknown>;
  /** The bearer token clients use; made up when not given. */
  token?: string;
  /**
   * With `false`: no Redis and no `cluster` key, so each replica keeps its code sessions to itself (a single
   * process, the baseline a cluster is compared with). Default true.
   */
  shared?: boolean;
  /** HAProxy in front (default true). Without it, `url` is the first replica's own. */
  loadBalancer?: boolean;
  /** HAProxy's port (default: a free one). */
  port?: number;
  /** Environment variables of replica `index` (0-based), beside the harness's own. */
  env?: (index: number, dir: string) => Record<string, string>;
  /** `--grace-ms` of every replica. */
  graceMs?: number;
  /** Where the configs, logs and Redis data go; a new temporary folder (removed by `close`) when not given. */
  dir?: string;
  log?: (line: string) => void;
}

/** Redis, the gateway replicas and HAProxy, started together. */
export interface Cluster {
  /** The MCP endpoint clients use: HAProxy's, or the only replica's without a load balancer. */
  readonly url: string;
  readonly token: string;
  readonly dir: string;
  readonly replicas: readonly Replica[];
  readonly redis: RedisServer | undefined;
  readonly haproxy: Haproxy | undefined;
  /** SIGKILL to replica `index`, then waits until HAProxy has taken it out of the rotation. */
  killReplica(index: number): Promise<void>;
  /** Starts replica `index` again, then waits until HAProxy sends it requests again. */
  startReplica(index: number): Promise<void>;
  /** Restarts Redis on the same port and data (the replicas reconnect by themselves). */
  restartRedis(): Promise<void>;
  /** Stops HAProxy, the replicas (draining) and Redis, and removes the temporary folder it made. */
  close(): Promise<void>;
}

/**
 * Starts a cluster on this machine: redis-server (append-only file on), `replicas` gateway processes sharing it
 * through the config's `cluster` key, and HAProxy in front. Fails at once, naming the apt-get command, when
 * redis-server or haproxy is not installed.
 *
 * @example
 * const cluster = await startCluster({ replicas: 3, config: { mcpServers: { docs: { command: "/usr/bin/node", args: ["/abs/docs-server.js"] } } } });
 * // MCP clients connect to cluster.url with "Authorization: Bearer " + cluster.token
 * await cluster.close();
 */
export async function startCluster(options: ClusterOptions): Promise<Cluster> {
  const shared = options.shared ?? true;
  const loadBalancer = options.loadBalancer ?? true;
  requirePrograms([...(shared ? (["redis-server"] as const) : []), ...(loadBalancer ? (["haproxy"] as const) : [])]);
  const log = options.log ?? (() => undefined);
  const ownDir = options.dir === undefined;
  const dir = options.dir ?? mkdtempSync(path.join(os.tmpdir(), "codemode-cluster-"));
  mkdirSync(dir, { recursive: true });
  const token = options.token ?? `cluster-${randomBytes(16).toString("hex")}`;
  // requestState is signed with it: every replica must hold the same one to accept another's.
  const secret = randomBytes(32).toString("hex");
  let redis: RedisServer | undefined;
  let haproxy: Haproxy | undefined;
  const replicas: Replica[] = [];

  const close = async () => {
    await haproxy?.stop();
    await Promise.all(replicas.map((replica) => replica.stop()));
    await redis?.stop();
    if (ownDir) rmSync(dir, { recursive: true, force: true });
  };

  try {
    if (shared) {
      redis = await startRedis({ dir });
      log(`redis-server on ${redis.url} (append-only file in ${dir}/redis)`);
    }
    for (let index = 0; index < options.replicas; index++) {
      const id = `replica-${index + 1}`;
      const replicaDir = path.join(dir, id);
      mkdirSync(replicaDir, { recursive: true });
      const configFile = path.join(replicaDir, "gateway.config.json");
      const config = {
        ...options.config,
        sessions: options.config.sessions ?? {},
        auth: { bearer: [{ name: "cluster-client", token }] },
        ...(redis ? { cluster: { redisUrl: redis.url, replicaId: id, secret } } : {}),
      };
      writeFileSync(configFile, `${JSON.stringify(config, null, 2)}\n`);
      const replica = createReplica({
        id,
        port: await freePort(),
        configFile,
        dir: replicaDir,
        env: options.env?.(index, replicaDir) ?? {},
        ...(options.graceMs !== undefined ? { graceMs: options.graceMs } : {}),
      });
      replicas.push(replica);
    }
    // Starting them one after the other keeps two cores from timing out five upstreams each at once.
    for (const replica of replicas) {
      await replica.start();
      log(`${replica.id} serving on ${replica.url}`);
    }
    if (loadBalancer) {
      haproxy = await startHaproxy({ dir, ...(options.port !== undefined ? { port: options.port } : {}), servers: replicas.map((replica) => ({ name: replica.id, address: `127.0.0.1:${replica.port}` })) });
      await haproxy.waitForServers(replicas.map((replica) => replica.id));
      log(`HAProxy on ${haproxy.url} (config ${haproxy.configFile})`);
    }
  } catch (error) {
    await close().catch(() => undefined);
    throw error;
  }

  const upNames = () => replicas.filter((replica) => replica.running).map((replica) => replica.id);
  const replicaAt = (index: number) => {
    const replica = replicas[index];
    if (!replica) throw new Error(`There is no replica ${index}: the cluster has ${replicas.length}.`);
    return replica;
  };

  return {
    url: haproxy?.url ?? (replicas[0] as Replica).url,
    token,
    dir,
    replicas,
    redis,
    haproxy,
    async killReplica(index) {
      await replicaAt(index).kill();
      await haproxy?.waitForServers(upNames());
    },
    async startReplica(index) {
      await replicaAt(index).start();
      await haproxy?.waitForServers(upNames());
    },
    async restartRedis() {
      if (!redis) throw new Error("This cluster runs without Redis (shared: false).");
      await redis.restart();
    },
    close,
  };
}
