import { execFile, spawn, type ChildProcessWithoutNullStreams } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { ExecutionResult } from "@codemode/core";
import { afterEach, describe, expect, it } from "vitest";
import { cliCommand, FAULT_SERVER, PACKAGE_DIR, freePort, until } from "../__fixtures__/fixtures.js";
import { parsePrometheusText, sample } from "../__fixtures__/prometheus-text.js";

const METRICS_TOKEN = "token-of-the-scraper-01";
const folder = mkdtempSync(path.join(tmpdir(), "codemode-shutdown-"));
const CONFIG = path.join(folder, "gateway.json");
writeFileSync(CONFIG, JSON.stringify({ mcpServers: { faulty: { command: "node", args: [FAULT_SERVER] } }, metrics: { token: METRICS_TOKEN }, poolSize: 1 }));
const [command, ...prefix] = cliCommand() as [string, ...string[]];

const children: ChildProcessWithoutNullStreams[] = [];
const clients: Client[] = [];
afterEach(async () => {
  await Promise.all(clients.splice(0).map((client) => client.close().catch(() => undefined)));
  for (const child of children.splice(0)) child.kill("SIGKILL");
});

/** Starts `codemode serve` over HTTP in a child process; resolves once it listens. */
async function serve(...flags: string[]) {
  const port = await freePort();
  const child = spawn(command, [...prefix, "serve", "--config", CONFIG, "--transport", "http", "--port", String(port), ...flags], { cwd: PACKAGE_DIR });
  children.push(child);
  let stderr = "";
  child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  const url = await until(() => /listening on (http[^\s"]+)/.exec(stderr)?.[1], 30_000);
  return { child, url: url!, origin: new URL(url!).origin, exited, stderr: () => stderr };
}

/** Starts an execution and resolves once the gateway reports it running. */
async function startExecution(served: { url: string; origin: string }, code: string): Promise<{ result: Promise<ExecutionResult> }> {
  const client = new Client({ name: "shutdown-e2e", version: "1.0.0" });
  await client.connect(new StreamableHTTPClientTransport(new URL(served.url)));
  clients.push(client);
  const result = client
    .callTool({ name: "execute", arguments: { code } }, undefined, { timeout: 120_000 })
    .then((answer) => answer.structuredContent as unknown as ExecutionResult);
  await until(async () => {
    const response = await fetch(`${served.origin}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
    return parsePrometheusText(await response.text()).get(sample("codemode_executions_in_flight")) === 1;
  }, 30_000);
  // Wrapped, so that awaiting this function does not wait for the execution as well.
  return { result };
}

const refused = (origin: string) => fetch(`${origin}/healthz`).then(() => false, () => true);

describe("codemode --version", () => {
  it("prints the version of its package.json", async () => {
    const { version } = JSON.parse(readFileSync(path.join(PACKAGE_DIR, "package.json"), "utf8")) as { version: string };
    const { stdout } = await promisify(execFile)(command, [...prefix, "--version"], { cwd: PACKAGE_DIR });
    expect(stdout).toBe(`${version}\n`);
  });
});

describe("codemode serve on SIGTERM", () => {
  it("accepts no new connection, lets a running execution finish, and exits 0", async () => {
    const served = await serve("--grace-ms", "60000");
    const { result: running } = await startExecution(served, `return (await tools.faulty.slow({ ms: 4000 })).data;`);
    let finished = false;
    void running.then(() => (finished = true));
    served.child.kill("SIGTERM");
    await until(() => refused(served.origin), 30_000);
    // Refused while the execution still runs: the gateway stopped accepting before it stopped serving.
    expect(finished).toBe(false);
    expect(served.child.exitCode).toBeNull();
    expect(await running).toMatchObject({ status: "completed", result: "slept 4000" });
    expect(await served.exited).toBe(0);
    expect(served.stderr()).toContain("1 executions finished, 0 cancelled");
  }, 90_000);

  it("cancels the executions still running when the grace period ends, and exits 0", async () => {
    const served = await serve("--grace-ms", "300");
    const { result: running } = await startExecution(served, `return (await tools.faulty.slow({ ms: 600000 })).data;`);
    served.child.kill("SIGTERM");
    const result = await running;
    expect(result, JSON.stringify(result)).toMatchObject({ status: "failed", error: { kind: "Cancelled" } });
    expect(await served.exited).toBe(0);
    expect(served.stderr()).toContain("0 executions finished, 1 cancelled");
  }, 90_000);
});

describe("codemode serve --console", () => {
  it("serves the web console beside /mcp and prints its address", async () => {
    const served = await serve("--console");
    const address = await until(() => /codemode console on (http[^\s"]+)/.exec(served.stderr())?.[1], 30_000);
    expect(address).toBe(`${served.origin}/console/`);
    const page = await fetch(address!);
    expect(page.status).toBe(200);
    expect(page.headers.get("content-security-policy")).toContain("script-src 'self'");
    // Without auth in the config the gateway is loopback-only, and so is its console: no sign-in, one anonymous principal.
    const me = await fetch(`${address}api/me`, { headers: { "x-codemode-console": "1" } });
    expect(await me.json()).toMatchObject({ principal: "anonymous", signInNeeded: false });
  });
});
