import { execFile, spawn, type ChildProcess } from "node:child_process";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { fileURLToPath } from "node:url";
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runDemoClient } from "./client.js";

const APP_DIR = fileURLToPath(new URL("..", import.meta.url));
const TOKEN = "demo-token-for-the-app-test";
const BILLING_TOKEN = "billing-token-for-the-app-test";
let gateway: ChildProcess;
let url: string;
let upstreamsLine: string;
let consoleUrl: string;
let printed: string;

beforeAll(async () => {
  gateway = spawn(process.execPath, ["--import", "tsx", path.join(APP_DIR, "src", "main.ts"), "--port", "0"], {
    cwd: APP_DIR,
    env: { ...process.env, CODEMODE_DEMO_TOKEN: TOKEN, CODEMODE_BILLING_TOKEN: BILLING_TOKEN },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  let errors = "";
  gateway.stderr?.on("data", (chunk: Buffer) => (errors += chunk.toString()));
  url = await new Promise<string>((resolve, reject) => {
    gateway.stdout?.on("data", (chunk: Buffer) => {
      output += chunk.toString();
      const found = /listening on (\S+)/.exec(output)?.[1];
      if (found && output.includes("Press Ctrl+C")) resolve(found);
    });
    gateway.once("exit", (code) => reject(new Error(`the gateway exited with ${code}: ${output}${errors}`)));
  });
  expect(output).toContain(TOKEN);
  printed = output;
  upstreamsLine = /upstreams: (.*)/.exec(output)?.[1] ?? "";
  consoleUrl = /console: (\S+)/.exec(output)?.[1] ?? "";
});

afterAll(() => {
  gateway?.kill("SIGTERM");
});

describe("the demo gateway", () => {
  it("prints the web console's address, where its page is served", async () => {
    expect(consoleUrl).toBe(new URL("/console/", url).href);
    const page = await fetch(consoleUrl);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("codemode console");
    const me = await fetch(new URL("api/me", consoleUrl), { headers: { "x-codemode-console": "1" } });
    expect(me.status).toBe(401);
  });

  it("talks 2026-07-28 to the demo's own upstreams and 2025-11-25 to the npm servers", () => {
    for (const id of ["billing", "crm", "support"]) expect(upstreamsLine).toContain(`${id} (connected, MCP 2026-07-28)`);
    for (const id of ["memory", "files"]) expect(upstreamsLine).toContain(`${id} (connected, MCP 2025-11-25)`);
  });
});

describe("the commands the demo prints", () => {
  // Run as printed, through a shell, from a folder outside the repository, as a user who followed the README's
  // `npx -y pnpm@12.4.2` form (no pnpm installed) would paste them.
  const run = (command: string) => promisify(execFile)("sh", ["-c", command], { cwd: tmpdir() });
  const printedCommand = (after: string) => printed.split("\n")[printed.split("\n").findIndex((line) => line.startsWith(after)) + 1]?.trim() ?? "";

  it("runs the scripted client command as printed", async () => {
    const command = printedCommand("Or run the scripted client");
    expect(command).toMatch(/^CODEMODE_URL=\S+ CODEMODE_TOKEN=\S+ npx -y pnpm@12\.4\.2 /);
    const { stdout } = await run(command);
    expect(stdout).toContain("checked: 2000 invoices");
  });

  it("runs the inspector command as printed, listing search and execute", async () => {
    const command = printedCommand("Connect any MCP client");
    expect(command).toMatch(/^npx -y pnpm@12\.4\.2 .* --method tools\/list$/);
    const { stdout } = await run(command);
    expect(stdout).toContain('"name": "execute"');
    expect(stdout).toContain('"name": "search"');
  });
});

describe("runDemoClient", () => {
  it("searches, then totals every invoice across all pages in one execute, matching the data", async () => {
    const lines: string[] = [];
    const report = await runDemoClient(url, TOKEN, (line) => lines.push(line));
    expect(report.protocolVersion).toBe("2026-07-28");
    expect(report.searchHits[0]).toBe("billing.list_invoices");
    expect(report.result.result).toMatchObject({ count: 2000, totalCents: report.expected.totalCents });
    expect(report.result.toolCalls).toHaveLength(20);
    expect(lines.at(-1)).toContain("2000 invoices");
  });

  it("shows a billing-only token nothing but billing", async () => {
    // Without versionNegotiation the client speaks the 2025 era (initialize, then a session), which the gateway serves too.
    const client = new Client({ name: "billing-analyst", version: "1.0.0" });
    await client.connect(new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers: { Authorization: `Bearer ${BILLING_TOKEN}` } } }));
    try {
      const page = (await client.callTool({ name: "search", arguments: { query: "customer tickets invoices files" } })).structuredContent as { items: { name: string }[] };
      expect(page.items.length).toBeGreaterThan(0);
      expect(page.items.every((item) => item.name.startsWith("billing."))).toBe(true);
    } finally {
      await client.close();
    }
  });
});
