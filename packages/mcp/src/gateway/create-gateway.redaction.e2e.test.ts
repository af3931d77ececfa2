import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cliCommand, freePort, PACKAGE_DIR, startFaultHttp, until } from "../__fixtures__/fixtures.js";
import { formatLogEntry } from "../operate/index.js";
import { parseGatewayConfig, readClientConfigFile } from "../config/index.js";
import { createGateway, type Gateway } from "./index.js";

// Credentials in upstream URLs, from the environment as a config writes them, must reach no output: not a log line,
// not an upstream's status, not a script's result (even when the server's own error page quotes them), not the
// audit log, /readyz or /metrics, not the stderr of `codemode serve` or of the CLI's one-shot commands.
const SECRETS = {
  PASS: "pw-0f9e8d7c6b5a",
  TOKEN: "tok-1a2b3c4d5e6f",
  KEY: "key-9z8y7x6w5v4u",
  ACCESS: "acc-5t4s3r2q1p0o",
  LONE: "ghp-7n6m5l4k3j2i",
};
const METRICS_TOKEN = "metrics-token-for-the-scraper";
const folder = mkdtempSync(path.join(tmpdir(), "codemode-redaction-"));
const CONFIG = path.join(folder, "gateway.json");
const AUDIT = path.join(folder, "audit.jsonl");
const env = { ...process.env, ...SECRETS };
let faultHttp: ChildProcess;
let gateway: Gateway;
const logged: string[] = [];
const children: ChildProcess[] = [];

/** Every secret found in `text`, by its variable's name. */
const leaked = (text: string) => Object.entries(SECRETS).filter(([, secret]) => text.includes(secret)).map(([name]) => name);

beforeAll(async () => {
  const port = await freePort();
  const dead = await freePort();
  faultHttp = await startFaultHttp(port);
  writeFileSync(
    CONFIG,
    JSON.stringify({
      mcpServers: {
        // Userinfo becomes Basic authentication; the query carries tokens; both servers answer.
        basic: { type: "http", url: `http://admin:\${PASS}@127.0.0.1:${port}/mcp?token=\${TOKEN}&key=\${KEY}` },
        // Nobody listens: the reconnects log, and the status carries the error.
        dead: { type: "http", url: `http://127.0.0.1:${dead}/mcp?access_token=\${ACCESS}` },
        lone: { type: "sse", url: `http://\${LONE}@127.0.0.1:${dead}/sse` },
      },
      audit: { file: AUDIT, includeArguments: true, includeResults: true },
      metrics: { token: METRICS_TOKEN },
      poolSize: 1,
    }),
  );
  const config = parseGatewayConfig(await readClientConfigFile(CONFIG), { env, file: CONFIG });
  gateway = createGateway(config, { baseDir: folder, log: (_message, entry) => logged.push(formatLogEntry(entry, "json")), logLevel: "debug" });
  await gateway.start();
});

afterAll(async () => {
  await gateway?.close();
  faultHttp?.kill();
  for (const child of children) child.kill("SIGKILL");
  rmSync(folder, { recursive: true, force: true });
});

describe("the gateway's redaction of credentials in URLs", () => {
  it("takes them out of logs, upstream statuses, results, the audit log, /readyz and /metrics", async () => {
    const listener = await gateway.listen({ port: 0 });
    const client = new Client({ name: "redaction", version: "1.0.0" });
    await client.connect(new StreamableHTTPClientTransport(new URL(listener.url)));
    const answer = await client.callTool({
      name: "execute",
      arguments: { code: "return [await tools.basic.echo({ text: 'hi' }), await tools.basic.where({}), await resources.list({ namespace: 'dead' })];" },
    });
    await client.close();
    const shown = JSON.stringify(answer);
    // The userinfo reached the server as Basic authentication, and the server's error page quoted it all back.
    expect(shown).toContain("echo: hi");
    expect(shown).toContain("authorization: Basic ***");
    expect(shown).toContain("token=***");
    await until(() => logged.some((line) => line.includes("upstream dead at http://127.0.0.1:") && line.includes("/mcp?access_token=*** is down")));
    await until(() => logged.some((line) => line.includes("upstream lone at http://***@127.0.0.1:")));
    const statuses = JSON.stringify(gateway.upstreams());
    expect(statuses).toContain("dead");
    const origin = new URL(listener.url).origin;
    const metrics = await (await fetch(`${origin}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).text();
    const readiness = await (await fetch(`${origin}/readyz`)).text();
    await gateway.close();
    const audit = readFileSync(AUDIT, "utf8");
    expect(audit).toContain("basic.where");
    for (const [channel, text] of Object.entries({ shown, logs: logged.join("\n"), statuses, metrics, readiness, audit })) {
      expect(leaked(text), channel).toEqual([]);
    }
  });

  it("takes them out of what codemode serve and the CLI's one-shot commands print", async () => {
    const [command, ...prefix] = cliCommand() as [string, ...string[]];
    const run = (args: string[]) => {
      const child = spawn(command, [...prefix, ...args, "--config", CONFIG], { cwd: PACKAGE_DIR, env });
      children.push(child);
      let output = "";
      child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
      child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
      return { child, output: () => output, exited: new Promise((resolve) => child.once("exit", resolve)) };
    };
    const served = run(["serve", "--transport", "http", "--port", "0", "--log-level", "debug"]);
    await until(() => /upstream dead at \S+access_token=\*\*\* is down/.test(served.output()) && /upstream lone at http:\/\/\*\*\*@/.test(served.output()), 30_000);
    served.child.kill("SIGTERM");
    await served.exited;
    const searched = run(["search", "echo"]);
    await searched.exited;
    expect(searched.output()).toContain("could not start");
    for (const [channel, text] of Object.entries({ serve: served.output(), search: searched.output() })) {
      expect(leaked(text), channel).toEqual([]);
    }
  }, 90_000);
});
