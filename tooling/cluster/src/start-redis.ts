import { mkdirSync } from "node:fs";
import path from "node:path";
import { startLogged, stopGroup, tailOf, waitFor, type Started } from "./child-process.js";
import { requirePrograms } from "./find-program.js";
import { freePort } from "./free-port.js";
import { redisCommand } from "./redis-command.js";

/** A redis-server the harness started. */
export interface RedisServer {
  readonly url: string;
  readonly port: number;
  /** Stops the server (SIGTERM: Redis writes its append-only file and exits) and starts it again on the same port and data. */
  restart(): Promise<void>;
  /** Sends a command and resolves to the reply as text (see {@link redisCommand}). */
  command(...args: string[]): Promise<string>;
  stop(): Promise<void>;
}

/**
 * The persistence every cluster runs Redis with: the append-only file, fsynced once a second, and no RDB snapshots.
 * A restart (SIGTERM) loses nothing; a crash of Redis or of its machine loses at most the last second of writes.
 */
export const REDIS_PERSISTENCE = ["--appendonly", "yes", "--appendfsync", "everysec", "--save", ""] as const;

/** Starts redis-server on a free loopback port with its data in `dir`, and waits until it answers PING. */
export async function startRedis(options: { dir: string; port?: number }): Promise<RedisServer> {
  const program = requirePrograms(["redis-server"])["redis-server"];
  const port = options.port ?? (await freePort());
  const dataDir = path.join(options.dir, "redis");
  mkdirSync(dataDir, { recursive: true });
  const logFile = path.join(options.dir, "redis.log");
  const args = ["--port", String(port), "--bind", "127.0.0.1", "--dir", dataDir, "--daemonize", "no", ...REDIS_PERSISTENCE];
  let started: Started | undefined;

  async function start() {
    started = startLogged(program, args, { cwd: dataDir, logFile });
    const current = started;
    await waitFor(async () => (current.child.exitCode === null ? ((await redisCommand(port, ["PING"])) === "PONG" ? true : undefined) : false), {
      timeoutMs: 15_000,
      failure: () => new Error(`redis-server did not answer on port ${port}:\n${tailOf(logFile)}`),
    }).then((up) => {
      if (!up) throw new Error(`redis-server exited at start:\n${tailOf(logFile)}`);
    });
  }

  await start();
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    async restart() {
      if (started) await stopGroup(started, 10_000);
      await start();
    },
    command: (...commandArgs) => redisCommand(port, commandArgs),
    async stop() {
      if (started) await stopGroup(started, 10_000);
      started = undefined;
    },
  };
}
