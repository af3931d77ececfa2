import { execFile } from "node:child_process";
import { writeFileSync } from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import { startLogged, stopGroup, tailOf, waitFor, type Started } from "./child-process.js";
import { requirePrograms } from "./find-program.js";
import { freePort } from "./free-port.js";
import { haproxyConfig, type HaproxyServer } from "./haproxy-config.js";

const run = promisify(execFile);

/** HAProxy in front of the replicas. */
export interface Haproxy {
  /** The MCP endpoint clients connect to. */
  readonly url: string;
  readonly configFile: string;
  /** The servers HAProxy sends requests to (its health checks see them up, or going down but not yet down), by name. */
  serversUp(): Promise<string[]>;
  /** HAProxy's own lines about servers going down or up (its health checks' verdicts), in order. */
  serverEvents(): string[];
  /** Waits until exactly `names` are up (a restarted replica passed its checks; a killed one was taken out). */
  waitForServers(names: readonly string[], timeoutMs?: number): Promise<void>;
  stop(): Promise<void>;
}

/** Checks a config with `haproxy -c -f FILE`; resolves to HAProxy's verdict and what it printed. */
export async function checkHaproxyConfig(file: string): Promise<{ valid: boolean; output: string }> {
  const program = requirePrograms(["haproxy"]).haproxy;
  try {
    const { stdout, stderr } = await run(program, ["-c", "-f", file]);
    return { valid: true, output: `${stdout}${stderr}` };
  } catch (error) {
    const { stdout = "", stderr = "" } = error as { stdout?: string; stderr?: string };
    return { valid: false, output: `${stdout}${stderr}` };
  }
}

/** Writes haproxy.cfg for `servers` into `dir`, checks it, starts HAProxy on a free port and waits for its stats page. */
export async function startHaproxy(options: { dir: string; servers: readonly HaproxyServer[]; port?: number }): Promise<Haproxy> {
  const program = requirePrograms(["haproxy"]).haproxy;
  const port = options.port ?? (await freePort());
  const statsPort = await freePort();
  const configFile = path.join(options.dir, "haproxy.cfg");
  writeFileSync(configFile, haproxyConfig({ bind: `127.0.0.1:${port}`, servers: options.servers, statsBind: `127.0.0.1:${statsPort}` }));
  const check = await checkHaproxyConfig(configFile);
  if (!check.valid) throw new Error(`haproxy -c refused ${configFile}:\n${check.output}`);
  const logFile = path.join(options.dir, "haproxy.log");
  // -db: stay in the foreground, so the harness owns the process.
  const started: Started = startLogged(program, ["-db", "-f", configFile], { cwd: options.dir, logFile });

  async function serversUp(): Promise<string[]> {
    const response = await fetch(`http://127.0.0.1:${statsPort}/stats;csv`);
    const rows = (await response.text()).split("\n").map((line) => line.split(","));
    const header = rows[0] ?? [];
    const status = header.indexOf("status");
    return rows.filter((row) => row[0] === "gateways" && row[1] !== "BACKEND" && (row[status] ?? "").startsWith("UP")).map((row) => row[1] as string);
  }

  await waitFor(async () => (started.child.exitCode === null ? ((await fetch(`http://127.0.0.1:${statsPort}/stats`)).ok ? true : undefined) : false), {
    timeoutMs: 10_000,
    failure: () => new Error(`HAProxy did not start:\n${tailOf(logFile)}`),
  }).then((up) => {
    if (!up) throw new Error(`HAProxy exited at start:\n${tailOf(logFile)}`);
  });

  return {
    url: `http://127.0.0.1:${port}/mcp`,
    configFile,
    serversUp,
    serverEvents: () =>
      tailOf(logFile, 100_000)
        .split("\n")
        .filter((line) => /Server gateways\/\S+ is (DOWN|UP)/.test(line)),
    async waitForServers(names, timeoutMs = 30_000) {
      const wanted = [...names].sort().join(",");
      let last: string[] = [];
      await waitFor(
        async () => {
          last = await serversUp();
          return [...last].sort().join(",") === wanted ? true : undefined;
        },
        { timeoutMs, everyMs: 200, failure: () => new Error(`HAProxy saw ${last.join(", ") || "no server"} up, not ${names.join(", ")}.`) },
      );
    },
    stop: () => stopGroup(started, 5_000),
  };
}
