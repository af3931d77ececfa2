#!/usr/bin/env node
// The gateway as the OAuth client under test for the suite's auth/* client scenarios. The suite starts a scenario's
// protected MCP server and authorization server, appends the server's URL as the last argument and passes the
// scenario's credentials in MCP_CONFORMANCE_CONTEXT. This writes a gateway config with that one upstream and its
// `oauth` key, then does what a user does: `codemode login t --no-browser` (following the printed authorization URL
// with a plain GET; the suite's authorization servers approve at once and redirect to the login's loopback), then
// `codemode exec`. When exec says the upstream needs `codemode login` (a step-up to a wider scope), it logs in again,
// at most three times in all.
import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";

const CLI = fileURLToPath(new URL("../dist/cli.js", import.meta.url));
/** The client-metadata-document URL the suite's CIMD authorization servers expect as client_id. */
const CLIENT_METADATA_URL = "https://conformance-test.local/client-metadata.json";
const MAX_LOGINS = 3;

const url = process.argv.at(-1);
const scenario = process.env.MCP_CONFORMANCE_SCENARIO ?? "";
const context = JSON.parse(process.env.MCP_CONFORMANCE_CONTEXT ?? "{}");
if (!url || !scenario.startsWith("auth/")) {
  console.error(`codemode-auth-client: needs an auth/* scenario and the server URL (got "${scenario}").`);
  process.exit(2);
}

const dir = mkdtempSync(path.join(tmpdir(), "codemode-conformance-auth-"));
const env = { ...process.env, CODEMODE_AUTH_DIR: path.join(dir, "auth") };
try {
  const oauth = oauthFor(scenario, context);
  const config = path.join(dir, "gateway.json");
  writeFileSync(config, JSON.stringify({ mcpServers: { t: { url, oauth } } }));
  const script = path.join(dir, "script.js");
  // The suite's auth servers all serve one tool, test-tool: listing (at start) and calling it is the whole client.
  writeFileSync(script, 'return await tools.t["test-tool"]({});');
  process.exitCode = await run(config, script, oauth.grant === "client_credentials");
} finally {
  rmSync(dir, { recursive: true, force: true });
}

async function run(config, script, machine) {
  let status = 1;
  for (let logins = 0; logins < MAX_LOGINS; logins++) {
    if (!machine) {
      const login = await runLogin(config);
      // A refused login (a mismatched resource or issuer) is the end: nothing was stored to exec with.
      if (login !== 0) return login;
    }
    const exec = spawnSync(process.execPath, [CLI, "exec", script, "--config", config], { encoding: "utf8", env });
    process.stdout.write(exec.stdout);
    process.stderr.write(exec.stderr);
    status = exec.status ?? 1;
    // A script completes even when its call failed (the envelope holds the error): read what exec printed.
    if (machine || !/codemode login t\b/.test(exec.stdout + exec.stderr)) return status;
  }
  return status;
}

/** Runs `codemode login t --no-browser`, GETs the authorization URL it prints, and resolves to its exit code. */
function runLogin(config) {
  const child = spawn(process.execPath, [CLI, "login", "t", "--config", config, "--no-browser"], { env, stdio: ["ignore", "pipe", "pipe"] });
  child.stderr.on("data", (chunk) => process.stderr.write(chunk));
  const followed = [];
  createInterface({ input: child.stdout }).on("line", (line) => {
    process.stdout.write(`${line}\n`);
    if (/^https?:\/\/\S+$/.test(line.trim())) {
      // fetch follows the authorization server's redirect to the login's loopback callback.
      followed.push(globalThis.fetch(line.trim()).then((response) => response.text()).catch((error) => console.error(`GET ${line.trim()}: ${error.message}`)));
    }
  });
  return new Promise((resolve) => child.once("close", async (code) => {
    await Promise.all(followed);
    resolve(code ?? 1);
  }));
}

/** The server entry's `oauth` key for one scenario, from its context where it hands out credentials. */
function oauthFor(name, ctx) {
  switch (name) {
    case "auth/client-credentials-basic":
      return { grant: "client_credentials", clientId: ctx.client_id, clientSecret: ctx.client_secret };
    case "auth/client-credentials-jwt": {
      const key = path.join(dir, "client-key.pem");
      writeFileSync(key, ctx.private_key_pem, { mode: 0o600 });
      return { grant: "client_credentials", clientId: ctx.client_id, privateKeyFile: key, signingAlgorithm: ctx.signing_algorithm ?? "ES256" };
    }
    case "auth/pre-registration":
      return { clientId: ctx.client_id, clientSecret: ctx.client_secret };
    default:
      return { clientMetadataUrl: CLIENT_METADATA_URL };
  }
}
