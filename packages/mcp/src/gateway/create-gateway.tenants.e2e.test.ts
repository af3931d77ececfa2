import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { request as httpRequest } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { Client as StatelessClient, StreamableHTTPClientTransport as StatelessClientTransport } from "@modelcontextprotocol/client";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { ExecutionResult } from "@codemode/core";
import { ADVERSARIAL_CASES, ADVERSARIAL_LIMITS, ADVERSARIAL_WORKSPACE, ADVERSARY_NAMESPACE, checkExecutionResult } from "@codemode/core/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FAULT_SERVER, RESOURCES_SERVER, until } from "../__fixtures__/fixtures.js";
import { parseGatewayConfig } from "../config/index.js";
import { createGateway, type Gateway } from "./index.js";

// Three principals on one gateway over real HTTP: Mallory runs every attack there is while Alice (a 2025-era client)
// and Bob (a 2026-07-28 one) do their usual work. Theirs must come back as always, /healthz must keep answering, and
// what Mallory reaches must stay within her allowlist and her quota. Results and bounds are asserted, never times.
const tokens = { mallory: "tenants-mallory-token-0123", alice: "tenants-alice-token-012345", bob: "tenants-bob-token-01234567" };
// The roomy profile's caps, with a deadline short enough that Mallory's endless loops end soon.
const LIMITS = { ...ADVERSARIAL_LIMITS.roomy, timeoutMs: 3_000 };
const clients: { close(): Promise<void> }[] = [];
// The table's tenant cases write files: each principal has a folder of its own in it.
const workspace = mkdtempSync(path.join(tmpdir(), "codemode-tenants-"));
let gateway: Gateway;
let url: string;
let port: number;

beforeAll(async () => {
  const resources = { command: process.execPath, args: [RESOURCES_SERVER] };
  const faults = { command: process.execPath, args: [FAULT_SERVER], maxResponseBytes: 1024 * 1024 };
  const config = parseGatewayConfig({
    // Alice and Bob call a stdio server of their own: an answer past maxResponseBytes on a stdio connection still fails
    // every call in flight on that connection, so sharing Mallory's would test the upstream's framing, not tenancy.
    mcpServers: { [ADVERSARY_NAMESPACE]: faults, notes: faults, secret: resources, docs: resources },
    auth: {
      bearer: [
        {
          name: "mallory",
          token: tokens.mallory,
          // Everything an attack needs from the fault server, the README's glob for read-only tools, one folder of docs.
          allow: ["adversary.echo", "adversary.fail", "adversary.match", "adversary.hang", "adversary.huge", "adversary.malformed", "*.read_*", "docs.resource:docs://public/*"],
        },
        { name: "alice", token: tokens.alice, allow: ["notes.echo", "secret.resource:secret://payroll"] },
        { name: "bob", token: tokens.bob, allow: ["notes.echo", "docs.*"] },
      ],
    },
    quotas: { maxConcurrentExecutions: 1 },
    workspace: { dir: workspace, ...ADVERSARIAL_WORKSPACE },
    limits: LIMITS,
    poolSize: 3,
    // The adversarial table is for the sandbox and the bridge: its scripts must run, as in the core's own suite (a
    // check would refuse the ones that misuse the tools before they reach either).
    script: { check: "off" },
  });
  gateway = createGateway(config, { log: () => undefined });
  await gateway.start();
  const listener = await gateway.listen({ port: 0 });
  url = listener.url;
  port = listener.port;
});

afterAll(async () => {
  await Promise.all(clients.map((client) => client.close().catch(() => undefined)));
  await gateway?.close();
  rmSync(workspace, { recursive: true, force: true });
});

type Caller = Client | StatelessClient;
type Name = keyof typeof tokens;

async function connect(name: Name, era: "2025" | "2026" = "2025"): Promise<Caller> {
  const requestInit = { headers: { authorization: `Bearer ${tokens[name]}` } };
  const client =
    era === "2025" ? new Client({ name, version: "1" }) : new StatelessClient({ name, version: "1" }, { versionNegotiation: { mode: { pin: "2026-07-28" } } });
  await (client instanceof Client
    ? client.connect(new StreamableHTTPClientTransport(new URL(url), { requestInit }))
    : client.connect(new StatelessClientTransport(new URL(url), { requestInit })));
  clients.push(client);
  return client;
}

interface Answer {
  structuredContent?: ExecutionResult;
  _meta?: { "codemode/error"?: { quota?: string } };
}

const execute = async (caller: Caller, code: string) => (await caller.callTool({ name: "execute", arguments: { code } })) as Answer;
/** What Mallory's calls hold at the fault server right now, seen from inside the gateway (no principal's quota). */
const hanging = async () => (await gateway.codeMode.execute("return (await tools.adversary.hanging_count({})).data;")).result as number;

/** A raw request to the gateway's port, for what no client would send. */
function raw(options: { method?: string; headers?: Record<string, string>; body?: string }): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      { host: "127.0.0.1", port, path: "/mcp", method: options.method ?? "POST", headers: { "content-type": "application/json", ...options.headers } },
      (response) => {
        response.resume();
        response.on("end", () => resolve(response.statusCode ?? 0));
      },
    );
    request.on("error", reject);
    request.end(options.body);
  });
}

/** Mallory's whole attack, in order; resolves with what the gateway let her do. */
async function attack() {
  const mallory = await connect("mallory");
  const seen = { cases: 0, malformed: [] as string[], refused: 0, maxHanging: 0 };

  // The core's adversarial table, one case after another as her quota allows.
  for (const entry of ADVERSARIAL_CASES) {
    const result = (await execute(mallory, entry.code)).structuredContent!;
    const problems = checkExecutionResult(result, LIMITS);
    // Its own safe end, or the shorter deadline of this gateway for a case written for a long one.
    const safe = result.status === entry.expect.status || (result.status === "failed" && result.error?.kind === "TimeoutExceeded");
    if (problems.length > 0 || !safe) seen.malformed.push(`${entry.category}: ${entry.name}: ${problems.join("; ") || JSON.stringify(result.error)}`);
    seen.cases++;
  }

  // Quota evasion: four executions at once from four connections of both eras; one runs, the others are refused.
  const callers = await Promise.all([connect("mallory"), connect("mallory", "2026"), connect("mallory"), connect("mallory", "2026")]);
  const watching = (async () => {
    for (let at = 0; at < 20; at++) seen.maxHanging = Math.max(seen.maxHanging, await hanging());
  })();
  const evasion = await Promise.all(callers.map((caller) => execute(caller, "await tools.adversary.hang({}); return 'never';")));
  await watching;
  seen.refused += evasion.filter((answer) => answer._meta?.["codemode/error"]?.quota === "maxConcurrentExecutions").length;

  // A flood of executions dropped as soon as they are sent: each is refused or cancelled, none outlives its caller.
  await Promise.all(
    Array.from({ length: 12 }, async () => {
      const controller = new AbortController();
      const body = JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: "execute", arguments: { code: "await tools.adversary.hang({});" }, _meta: META } });
      const sent = fetch(url, { method: "POST", headers: { ...MODERN_HEADERS, authorization: `Bearer ${tokens.mallory}` }, body, signal: controller.signal });
      sent.catch(() => undefined);
      await new Promise((resolve) => setTimeout(resolve, 20));
      controller.abort();
      seen.maxHanging = Math.max(seen.maxHanging, await hanging());
    }),
  );
  await until(async () => (await hanging()) === 0, 30_000);

  // Resources she is not allowed, however she spells them.
  const tricks = await execute(
    mallory,
    `const uris = ${JSON.stringify(RESOURCE_TRICKS)};
     const reads = await Promise.all(uris.map(([namespace, uri]) => resources.read({ namespace, uri })));
     return reads.map((read) => read.ok ? read.data[0].text : read.error.code);`,
  );

  // Giant names and arguments crossing the bridge, another principal's MCP session, requests no client would send.
  const giant = await execute(
    mallory,
    `const name = "n".repeat(64 * 1024);
     const calls = await Promise.all(Array.from({ length: 20 }, () => tools.adversary[name]({ text: name })));
     const described = await catalog.describe({ name: "adversary." + name });
     return [calls.every((call) => call.error.code === "not_found"), described.ok];`,
  );
  const crafted = await Promise.all([
    raw({ headers: { host: `mallory@127.0.0.1:${port}`, authorization: `Bearer ${tokens.mallory}` }, body: "{}" }),
    raw({ headers: { authorization: `Bearer ${tokens.mallory}` }, body: "{not json" }),
    raw({ headers: { authorization: `Bearer ${tokens.mallory}` }, body: "x".repeat(5 * 1024 * 1024) }),
    raw({ method: "TRACE", headers: { authorization: `Bearer ${tokens.mallory}` } }),
  ]);
  return { seen, tricks: tricks.structuredContent?.result, giant: giant.structuredContent, crafted };
}

const META = {
  "io.modelcontextprotocol/protocolVersion": "2026-07-28",
  "io.modelcontextprotocol/clientInfo": { name: "mallory", version: "1" },
  "io.modelcontextprotocol/clientCapabilities": {},
};
const MODERN_HEADERS = {
  "content-type": "application/json",
  accept: "application/json, text/event-stream",
  "mcp-protocol-version": "2026-07-28",
  "mcp-method": "tools/call",
  "mcp-name": "execute",
};
const RESOURCE_TRICKS = [
  ["secret", "secret://payroll"],
  ["secret", "secret://payroll#.read_"],
  ["secret", "secret://payroll?.read_"],
  ["secret", "SECRET://payroll/.read_/.."],
  ["secret", "secret://pay%72oll#.read_"],
  ["docs", "docs://public/../private/plan"],
  ["docs", "docs://public/%2e%2e/private/plan"],
  ["docs", "docs://public/\uFF0E\uFF0E/private/plan"],
  ["docs", "docs://private/plan"],
];

describe("createGateway with a hostile principal and two well-behaved ones", () => {
  it("keeps the others' results and /healthz while one principal attacks, and keeps her to her allowlist and quota", async () => {
    const [alice, bob] = await Promise.all([connect("alice"), connect("bob", "2026")]);
    let attacking = true;
    const health: number[] = [];
    const probing = (async () => {
      while (attacking) {
        health.push((await fetch(`${new URL(url).origin}/healthz`)).status);
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
    })();
    /** Runs one principal's usual script until the attack is over (and at least three times), keeping each result. */
    const work = async (caller: Caller, code: (round: number) => string) => {
      const results: unknown[] = [];
      for (let round = 0; attacking || round < 3; round++) results.push((await execute(caller, code(round))).structuredContent);
      return results;
    };
    const aliceCode = (round: number) =>
      `const echo = await tools.notes.echo({ text: "alice ${round}" });
       const payroll = await resources.read({ namespace: "secret", uri: "secret://payroll" });
       return [echo.data, payroll.data[0].text];`;
    const bobCode = (round: number) =>
      `const listed = await resources.list({ namespace: "docs" });
       let sum = 0; for (let i = 0; i <= ${round}; i++) sum += i;
       return [listed.data.length, sum, (await tools.notes.echo({ text: "bob" })).data];`;
    const working = Promise.all([work(alice, aliceCode), work(bob, bobCode)]);
    const outcome = await attack().finally(() => (attacking = false));
    const [aliceResults, bobResults] = await working;
    await probing;

    // Alice and Bob got exactly what they always get.
    expect(aliceResults).toEqual(aliceResults.map((_, round) => expect.objectContaining({ status: "completed", result: [`echo: alice ${round}`, "salaries: everyone 1"] })));
    expect(bobResults).toEqual(bobResults.map((_, round) => expect.objectContaining({ status: "completed", result: [4, (round * (round + 1)) / 2, "echo: bob"] })));
    expect(aliceResults.length).toBeGreaterThanOrEqual(3);
    expect(bobResults.length).toBeGreaterThanOrEqual(3);
    // /healthz answered every probe, all through the attack.
    expect(health.length).toBeGreaterThan(0);
    expect(health.every((status) => status === 200)).toBe(true);

    // Every one of Mallory's runs ended in a well-formed result, safely.
    expect(outcome.seen.cases).toBe(ADVERSARIAL_CASES.length);
    expect(outcome.seen.malformed).toEqual([]);
    // One execution of hers at a time, however she connects or disconnects.
    expect(outcome.seen.refused).toBe(3);
    expect(outcome.seen.maxHanging).toBeLessThanOrEqual(1);
    // Nothing outside her allowlist, by any spelling; only docs://public is hers, and she never asked for it.
    expect(outcome.tricks).toEqual(RESOURCE_TRICKS.map(() => "not_found"));
    expect(outcome.giant).toMatchObject({ status: "completed", result: [true, false] });
    expect(outcome.crafted).toEqual([421, 400, 413, 405]);
    // And the gateway is still whole for her too.
    expect((await execute(await connect("mallory"), "return 1 + 1;")).structuredContent).toMatchObject({ status: "completed", result: 2 });
  }, 600_000);

  it("serves Alice and Bob while Mallory's runs send 4 MiB tool names and a backtracking pattern's near misses", async () => {
    const [mallory, alice, bob] = await Promise.all([connect("mallory"), connect("alice", "2026"), connect("bob")]);
    const events: string[] = [];
    let attacking = true;
    // Each name is answered not_found in the sandbox from its length; each near miss is refused by RE2JS in linear time.
    const bombs = `const name = "n".repeat(4 * 1024 * 1024);
      const named = await Promise.all(Array.from({ length: 20 }, () => tools.adversary[name]({})));
      const near = "a".repeat(200000) + "!";
      const matched = [];
      for (let i = 0; i < 5; i++) { const r = await tools.adversary.match({ text: near }); matched.push(r.ok ? r.data : r.error.code); }
      return [named.filter((call) => call.error.code === "not_found").length, matched];`;
    const attacks = (async () => {
      const results: unknown[] = [];
      for (let round = 0; round < 3; round++) {
        events.push("mallory start");
        results.push((await execute(mallory, bombs)).structuredContent);
        events.push("mallory end");
      }
      return results;
    })().finally(() => (attacking = false));
    const work = async (who: string, caller: Caller, code: string) => {
      const results: unknown[] = [];
      do {
        results.push((await execute(caller, code)).structuredContent);
        events.push(who);
      } while (attacking);
      return results;
    };
    const [malloryResults, aliceResults, bobResults] = await Promise.all([
      attacks,
      work("alice", alice, `return (await tools.notes.echo({ text: "alice" })).data;`),
      work("bob", bob, `return (await resources.list({ namespace: "docs" })).data.length;`),
    ]);

    expect(malloryResults).toEqual(malloryResults.map(() => expect.objectContaining({ status: "completed", result: [20, Array(5).fill("invalid_arguments")] })));
    expect(aliceResults).toEqual(aliceResults.map(() => expect.objectContaining({ status: "completed", result: "echo: alice" })));
    expect(bobResults).toEqual(bobResults.map(() => expect.objectContaining({ status: "completed", result: 4 })));
    // Alice's and Bob's runs ended while one of Mallory's was under way, not only in the gaps between them.
    let inFlight = false;
    const during = { alice: 0, bob: 0 };
    for (const event of events) {
      if (event === "mallory start" || event === "mallory end") inFlight = event === "mallory start";
      else if (inFlight) during[event as keyof typeof during]++;
    }
    expect(during.alice).toBeGreaterThan(0);
    expect(during.bob).toBeGreaterThan(0);
  }, 300_000);

  it("keeps each principal's workspace files its own: Mallory cannot read or overwrite Alice's", async () => {
    const [mallory, alice] = await Promise.all([connect("mallory", "2026"), connect("alice")]);
    const written = await execute(alice, `return (await files.write({ path: "diary.txt", data: "alice's secret" })).ok;`);
    expect(written.structuredContent).toMatchObject({ status: "completed", result: true });
    // Each principal's folder is named after its owner (a hash of its token): Alice's is the one holding the file.
    const holding = () => readdirSync(workspace).filter((name) => existsSync(path.join(workspace, name, "diary.txt")));
    const [aliceFolder] = holding();
    expect(holding()).toHaveLength(1);

    const tried = await execute(
      mallory,
      `const paths = ["diary.txt", "../${aliceFolder}/diary.txt", "/${aliceFolder}/diary.txt", "../../${aliceFolder}/diary.txt"];
       const reads = await Promise.all(paths.map((path) => files.read({ path })));
       const listed = (await files.list({})).data.map((entry) => entry.name);
       const wrote = await files.write({ path: "diary.txt", data: "pwned" });
       return [reads.map((read) => read.ok), listed.includes("diary.txt"), wrote.ok];`,
    );
    expect(tried.structuredContent).toMatchObject({ status: "completed", result: [[false, false, false, false], false, true] });

    const kept = await execute(alice, `const read = await files.read({ path: "diary.txt" }); await files.remove({ path: "diary.txt" }); return read.data;`);
    expect(kept.structuredContent).toMatchObject({ status: "completed", result: "alice's secret" });
    // Mallory's write went to a folder of her own, beside Alice's.
    const [malloryFolder] = holding();
    expect(malloryFolder).not.toBe(aliceFolder);
    expect(readFileSync(path.join(workspace, malloryFolder!, "diary.txt"), "utf8")).toBe("pwned");
  });
});
