import { existsSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { startLogged, stopGroup, tailOf, waitFor, type Started } from "./child-process.js";

/** One `codemode serve` process of a cluster. */
export interface Replica {
  /** Its replica id (the config's `cluster.replicaId`) and HAProxy server name. */
  readonly id: string;
  readonly port: number;
  /** Its own MCP endpoint, bypassing the load balancer. */
  readonly url: string;
  readonly logFile: string;
  /** Whether its process is running. */
  readonly running: boolean;
  /** Starts the process (again) and waits until `/readyz` reports every upstream up. */
  start(): Promise<void>;
  /** SIGKILL to the replica and its upstreams: a crash, with no drain. */
  kill(): Promise<void>;
  /** SIGTERM: the gateway drains (running executions get the grace period), then exits. */
  stop(): Promise<void>;
}

/** Options of {@link createReplica}. */
export interface ReplicaOptions {
  id: string;
  port: number;
  configFile: string;
  /** Its working folder: the log file goes there. */
  dir: string;
  env?: Record<string, string>;
  /** `--grace-ms`: how long running executions may finish after SIGTERM. */
  graceMs?: number;
  /** How long `start` waits for every upstream to connect. */
  readyTimeoutMs?: number;
}

/** The `codemode` command of the installed `@codemode/mcp` (its package's `bin`), which must be built. */
export function codemodeBin(): string {
  const manifest = createRequire(import.meta.url).resolve("@codemode/mcp/package.json");
  const { bin } = JSON.parse(readFileSync(manifest, "utf8")) as { bin: { codemode: string } };
  const file = path.join(path.dirname(manifest), bin.codemode);
  if (!existsSync(file)) throw new Error(`${file} is missing: build @codemode/mcp first (pnpm --filter @codemode/mcp build).`);
  return file;
}

/** A replica that is not started yet: `codemode serve --transport http` on 127.0.0.1 and `port`. */
export function createReplica(options: ReplicaOptions): Replica {
  const logFile = path.join(options.dir, `${options.id}.log`);
  const url = `http://127.0.0.1:${options.port}/mcp`;
  const args = [codemodeBin(), "serve", "--config", options.configFile, "--transport", "http", "--host", "127.0.0.1", "--port", String(options.port)];
  if (options.graceMs !== undefined) args.push("--grace-ms", String(options.graceMs));
  let started: Started | undefined;

  const running = () => started !== undefined && started.child.exitCode === null && started.child.signalCode === null;

  /** The upstreams still down, or undefined while the replica does not answer. */
  async function upstreamsDown(): Promise<string[] | undefined> {
    const response = await fetch(`http://127.0.0.1:${options.port}/readyz`);
    // Another replica answering on this port (it took the port first) is not this one becoming ready.
    const answering = response.headers.get("x-codemode-replica");
    if (answering !== null && answering !== options.id) return undefined;
    const body = (await response.json()) as { status: string; upstreams?: { down?: { id: string }[] } };
    return body.status === "draining" ? undefined : (body.upstreams?.down ?? []).map((entry) => entry.id);
  }

  return {
    id: options.id,
    port: options.port,
    url,
    logFile,
    get running() {
      return running();
    },
    async start() {
      if (running()) return;
      // The gateway's logs are JSON lines when stderr is not a terminal; NODE_OPTIONS from a test runner must not
      // reach it (vitest's loaders).
      const env = { ...process.env, ...options.env };
      delete env.NODE_OPTIONS;
      started = startLogged(process.execPath, args, { cwd: options.dir, env, logFile });
      const current = started;
      let down: string[] = [];
      await waitFor(
        async () => {
          if (current.child.exitCode !== null || current.child.signalCode !== null) return "exited";
          const found = await upstreamsDown();
          if (found === undefined) return undefined;
          down = found;
          return found.length === 0 ? "ready" : undefined;
        },
        {
          timeoutMs: options.readyTimeoutMs ?? 60_000,
          everyMs: 200,
          failure: () => new Error(`Replica ${options.id} was not ready in time${down.length ? ` (upstreams down: ${down.join(", ")})` : ""}:\n${tailOf(logFile)}`),
        },
      ).then((state) => {
        if (state === "exited") throw new Error(`Replica ${options.id} exited at start:\n${tailOf(logFile)}`);
      });
    },
    async kill() {
      if (!started) return;
      started.signal("SIGKILL");
      await started.exited;
    },
    async stop() {
      if (!started) return;
      await stopGroup(started, (options.graceMs ?? 10_000) + 5_000);
    },
  };
}
