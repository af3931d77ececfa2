#!/usr/bin/env node
// Runs the official MCP conformance suite against the built gateway (packages/mcp/dist; this builds nothing):
// the server scenarios against `codemode serve --transport http` on loopback without auth, with one stdio upstream,
// the client scenarios with the gateway as the client (codemode-exec-client.mjs), and the authorization scenarios
// with the gateway as the OAuth client (codemode-auth-client.mjs). Each era has its baseline,
// baseline-<spec version>.yml, naming what is left out and why. Prints one vitest-style "Tests" line that CI sums;
// a scenario that fails beyond its baseline, or passes while its baseline says it fails, fails the run.
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const HERE = path.dirname(fileURLToPath(import.meta.url));
const CLI = path.join(HERE, "../dist/cli.js");
const UPSTREAM = path.join(HERE, "../src/__fixtures__/records-server.mjs");
const SUITE = createRequire(import.meta.url).resolve("@modelcontextprotocol/conformance/dist/index.js");
const EXEC_CLIENT = path.join(HERE, "codemode-exec-client.mjs");
const AUTH_CLIENT = path.join(HERE, "codemode-auth-client.mjs");

/**
 * The authorization scenarios, with the gateway as the OAuth client (codemode-auth-client.mjs: `codemode login`, then
 * `codemode exec`). Each runs at 2026-07-28, where every one of them applies; the client_credentials ones are
 * extensions, on no spec version, and run without one (baseline-auth-extensions.yml).
 */
const AUTH_SCENARIOS = {
  "2026-07-28": [
    "metadata-default",
    "metadata-var1",
    "metadata-var2",
    "metadata-var3",
    "basic-cimd",
    "pre-registration",
    "token-endpoint-auth-basic",
    "token-endpoint-auth-post",
    "token-endpoint-auth-none",
    "scope-from-www-authenticate",
    "scope-from-scopes-supported",
    "scope-omitted-when-undefined",
    "scope-step-up",
    "scope-retry-limit",
    "resource-mismatch",
    "iss-supported",
    "iss-not-advertised",
    "iss-supported-missing",
    "iss-wrong-issuer",
    "iss-unexpected",
    "iss-normalized",
    "metadata-issuer-mismatch",
    "offline-access-scope",
    "offline-access-not-supported",
  ].map((name) => `auth/${name}`),
  "auth-extensions": ["auth/client-credentials-basic", "auth/client-credentials-jwt"],
};
const SERVE_CLIENT = path.join(HERE, "codemode-serve-client.mjs");
/** The client scenarios not run through `codemode exec`, and what runs them instead. */
const CLIENT_RUNNERS = { "elicitation-sep1034-client-defaults": SERVE_CLIENT };

/** The scenarios run for each spec version; each is applicable at that version. */
const SCENARIOS = {
  "2025-11-25": {
    server: ["server-initialize", "server-session-lifecycle", "ping", "tools-list", "server-sse-multiple-streams", "dns-rebinding-protection"],
    client: ["initialize", "tools_call", "sse-retry", "json-schema-2020-12-preservation", "elicitation-sep1034-client-defaults"],
  },
  "2026-07-28": {
    server: [
      "server-stateless",
      "tools-list",
      "server-sse-multiple-streams",
      "http-header-validation",
      "http-custom-header-server-validation",
      "caching",
      "dns-rebinding-protection",
      ...[
        "basic-elicitation",
        "basic-sampling",
        "basic-list-roots",
        "request-state",
        "multiple-input-requests",
        "multi-round",
        "missing-input-response",
        "non-tool-request",
        "result-type",
        "unsupported-methods",
        "tampered-state",
        "capability-check",
        "ignore-extra-params",
        "validate-input",
      ].map((name) => `input-required-result-${name}`),
    ],
    client: ["tools_call", "request-metadata", "http-standard-headers", "sep-2322-client-request-state", "json-schema-2020-12-preservation"],
  },
};

// `--only server` or `--only client` runs one side; the default runs both.
const onlyAt = process.argv.indexOf("--only");
const only = onlyAt === -1 ? undefined : process.argv[onlyAt + 1];
if (only !== undefined && only !== "server" && only !== "client") {
  console.error(`MCP conformance: --only takes server or client, not "${only ?? ""}".`);
  process.exit(2);
}
// `--scenario NAME` (repeatable) runs only those scenarios, in every era and mode that lists them.
const scenarios = process.argv.flatMap((arg, index, argv) => (arg === "--scenario" && argv[index + 1] ? [argv[index + 1]] : []));
const selected = (scenario) => scenarios.length === 0 || scenarios.includes(scenario);

const major = Number(process.versions.node.split(".")[0]);
if (major < 22) {
  console.log(`MCP conformance: skipped on Node ${process.versions.node}: @modelcontextprotocol/conformance needs Node 22 (it calls fs.globSync).`);
  process.exit(0);
}
if (!existsSync(CLI)) {
  console.error(`MCP conformance: ${CLI} is missing; build @codemode/mcp first.`);
  process.exit(1);
}

const results = mkdtempSync(path.join(tmpdir(), "codemode-conformance-"));
const tally = { passed: 0, failed: 0, baselined: 0 };
const gateway = only === "client" ? undefined : await startGateway(results);
try {
  for (const [version, modes] of Object.entries(SCENARIOS)) {
    const baseline = path.join(HERE, `baseline-${version}.yml`);
    if (gateway) for (const scenario of modes.server.filter(selected)) runScenario(version, baseline, "server", scenario, ["--url", gateway.url]);
    if (only === "server") continue;
    for (const scenario of modes.client.filter(selected)) {
      // A scenario whose server asks its client needs a client to answer: `codemode serve` with one behind it.
      const runner = CLIENT_RUNNERS[scenario] ?? EXEC_CLIENT;
      runScenario(version, baseline, "client", scenario, ["--command", `"${process.execPath}" "${runner}"`]);
    }
  }
  for (const [version, auth] of only === "server" ? [] : Object.entries(AUTH_SCENARIOS)) {
    const baseline = path.join(HERE, `baseline-${version}.yml`);
    for (const scenario of auth.filter(selected)) runScenario(version, baseline, "client", scenario, ["--command", `"${process.execPath}" "${AUTH_CLIENT}"`]);
  }
} finally {
  await gateway?.stop();
}
console.log(`MCP conformance results: ${results}`);
const total = tally.passed + tally.failed + tally.baselined;
console.log(` Tests  ${tally.failed} failed | ${tally.passed} passed | ${tally.baselined} baselined (${total})`);
process.exitCode = tally.failed > 0 ? 1 : 0;

/** Runs one scenario with its era's baseline and records whether it passed, failed only as baselined, or regressed. */
function runScenario(version, baseline, mode, scenario, target) {
  const output = path.join(results, version, `${mode}-${scenario.replace("/", "-")}`);
  // Extension scenarios are on no spec version: the suite skips them when one is given.
  const versionArgs = version.endsWith("extensions") ? [] : ["--spec-version", version];
  const args = [SUITE, mode, ...target, "--scenario", scenario, ...versionArgs, "--expected-failures", baseline, "-o", output];
  const run = spawnSync(process.execPath, args, { encoding: "utf8", timeout: 120_000 });
  // A WARNING fails a scenario as a FAILURE does; INFO and SKIPPED checks are neither.
  const checks = readChecks(output).filter((check) => ["SUCCESS", "FAILURE", "WARNING"].includes(check.status));
  const passedChecks = checks.filter((check) => check.status === "SUCCESS").length;
  const verdict = run.status !== 0 ? "FAIL" : passedChecks < checks.length ? "BASELINED" : "PASS";
  tally[{ FAIL: "failed", BASELINED: "baselined", PASS: "passed" }[verdict]] += 1;
  console.log(`${verdict.padEnd(9)} ${version} ${mode} ${scenario}: ${passedChecks}/${checks.length} checks`);
  if (verdict === "FAIL") console.log(indent(`${run.stdout}${run.stderr}`));
}

/** Every check the suite wrote under `dir` (one checks.json per scenario run). */
function readChecks(dir) {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true })
    .filter((file) => path.basename(file) === "checks.json")
    .flatMap((file) => JSON.parse(readFileSync(path.join(dir, file), "utf8")));
}

/**
 * `codemode serve` over HTTP on a free loopback port, no auth, with the records fixture as its one upstream and
 * sessions on, so that execute has its `sessionId` parameter, declared as an `Mcp-Param-Session-Id` header.
 */
async function startGateway(dir) {
  const config = path.join(dir, "gateway.json");
  const upstream = { command: process.execPath, args: [UPSTREAM] };
  writeFileSync(config, JSON.stringify({ mcpServers: { records: upstream }, approvals: { destructive: true }, sessions: {} }));
  const child = spawn(process.execPath, [CLI, "serve", "--config", config, "--transport", "http", "--port", "0"], {
    stdio: ["ignore", "ignore", "pipe"],
  });
  let logged = "";
  const url = await new Promise((resolve, reject) => {
    child.stderr.setEncoding("utf8").on("data", (text) => {
      logged += text;
      const match = /listening on (\S+)/.exec(logged);
      if (match) resolve(match[1]);
    });
    child.once("exit", (code) => reject(new Error(`codemode serve exited with ${code} before listening:\n${logged}`)));
  });
  return {
    url,
    stop: () => new Promise((resolve) => (child.exitCode === null ? child.once("exit", resolve).kill() : resolve())),
  };
}

function indent(text) {
  return text.trim().split("\n").map((line) => `    ${line}`).join("\n");
}

// Results are kept for reading after a failure; only the suite's scratch config is removed.
process.on("exit", () => rmSync(path.join(results, "gateway.json"), { force: true }));
