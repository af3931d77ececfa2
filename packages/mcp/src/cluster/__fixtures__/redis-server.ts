// A real redis-server for the cluster tests: started on a free port in a temp folder, stopped by the test.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { freePort } from "../../__fixtures__/fixtures.js";

/** Whether redis-server is on PATH; the tests that need it say so and do not run without it. */
export const HAS_REDIS = spawnSync("redis-server", ["--version"], { stdio: "ignore" }).status === 0;

/** The message a test file prints when it cannot run here. */
export const NO_REDIS = "redis-server is not on PATH (apt-get install -y redis-server): the Redis tests did not run.";

/** A running redis-server; `restart` brings it back on the same port and folder (its AOF, when on, survives). */
export interface RedisServer {
  url: string;
  port: number;
  stop(): Promise<void>;
  start(): Promise<void>;
  /** Freezes the process (SIGSTOP): connections stay open and nothing is answered, as with a hung server. */
  pause(): void;
  resume(): void;
  /** Stops it and removes its folder. */
  close(): Promise<void>;
}

/** Starts redis-server on 127.0.0.1 and a free port; `appendonly` keeps writes in an AOF file that a restart reads. */
export async function startRedisServer(options: { appendonly?: boolean; password?: string; port?: number } = {}): Promise<RedisServer> {
  const dir = mkdtempSync(path.join(tmpdir(), "codemode-redis-"));
  const port = options.port ?? (await freePort());
  let child: ChildProcess | undefined;

  async function start() {
    const args = ["--port", String(port), "--bind", "127.0.0.1", "--dir", dir, "--save", "", "--appendonly", options.appendonly ? "yes" : "no"];
    // appendfsync always: a write acknowledged is on disk, so a restart in the test finds it.
    if (options.appendonly) args.push("--appendfsync", "always");
    if (options.password !== undefined) args.push("--requirepass", options.password);
    const started = spawn("redis-server", args, { stdio: ["ignore", "pipe", "pipe"] });
    child = started;
    await new Promise<void>((resolve, reject) => {
      let output = "";
      started.stdout?.on("data", (chunk: Buffer) => {
        output += chunk.toString();
        if (output.includes("Ready to accept connections")) resolve();
      });
      started.once("exit", (code) => reject(new Error(`redis-server exited with ${code}: ${output.slice(-500)}`)));
    });
  }

  async function stop() {
    const running = child;
    child = undefined;
    if (!running || running.exitCode !== null) return;
    running.kill("SIGCONT");
    const exited = new Promise((resolve) => running.once("exit", resolve));
    running.kill("SIGTERM");
    await exited;
  }

  await start();
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    start,
    stop,
    pause: () => void child?.kill("SIGSTOP"),
    resume: () => void child?.kill("SIGCONT"),
    async close() {
      await stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
