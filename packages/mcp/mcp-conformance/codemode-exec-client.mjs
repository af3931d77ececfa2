#!/usr/bin/env node
// The gateway as the client under test, for `conformance client --command "node codemode-exec-client.mjs"`: the
// suite starts a scenario's MCP server, appends its URL as the last argument and names the scenario in
// MCP_CONFORMANCE_SCENARIO. This writes a gateway config with that one upstream and runs a script through
// `codemode exec`, so every request the scenario sees is the gateway's own upstream traffic.
import { execFileSync, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const CLI = fileURLToPath(new URL("../dist/cli.js", import.meta.url));

/**
 * The script each scenario needs. Scripts cannot enumerate `tools`, so each names the scenario server's tools; where a
 * scenario calls several, each call is caught on its own so one refusal does not hide what the others sent.
 */
const SCRIPTS = {
  initialize: () => "return (await catalog.list({})).items.length;",
  tools_call: () => "return await tools.t.add_numbers({ a: 2, b: 3 });",
  "sse-retry": () => "return await tools.t.test_reconnection({});",
  "request-metadata": () => "return (await catalog.list({})).items.map((item) => item.name);",
  "http-standard-headers": () => callEach(["test_headers", "my-hyphenated-tool"]),
  "sep-2322-client-request-state": () =>
    callEach(["test_mrtr_echo_state", "test_mrtr_no_state", "test_mrtr_unrelated", "test_mrtr_no_result_type"]),
  "elicitation-sep1034-client-defaults": () => "return await tools.t.test_client_elicitation_defaults({});",
  // The echo tool must receive the other tool's input schema exactly as the server listed it.
  "json-schema-2020-12-preservation": (config) =>
    `return await tools.t.json_schema_echo({ schema: ${JSON.stringify(listedInputSchema(config, "t.json_schema_2020_12_tool"))} });`,
};

function callEach(names) {
  const calls = names.map(
    (name) => `try { out.push(await tools.t[${JSON.stringify(name)}]({})); } catch (error) { out.push(String(error)); }`,
  );
  return ["const out = [];", ...calls, "return out;"].join("\n");
}

/** The input schema `codemode search` reports for one tool (`server.tool`), as the upstream listed it. */
function listedInputSchema(config, name) {
  const printed = execFileSync(process.execPath, [CLI, "search", name, "--config", config, "--detail", "full"], { encoding: "utf8" });
  const item = JSON.parse(printed).items.find((found) => found.name === name);
  if (!item) throw new Error(`codemode search found no tool named ${name}.`);
  return item.inputSchema;
}

const url = process.argv.at(-1);
const scenario = process.env.MCP_CONFORMANCE_SCENARIO ?? "";
const script = SCRIPTS[scenario];
if (!url || !script) {
  console.error(`codemode-exec-client: no script for scenario "${scenario}" (known: ${Object.keys(SCRIPTS).join(", ")}).`);
  process.exit(2);
}
const dir = mkdtempSync(path.join(tmpdir(), "codemode-conformance-client-"));
try {
  const config = path.join(dir, "gateway.json");
  writeFileSync(config, JSON.stringify({ mcpServers: { t: { url } } }));
  const file = path.join(dir, "script.js");
  writeFileSync(file, script(config));
  const run = spawnSync(process.execPath, [CLI, "exec", file, "--config", config], { encoding: "utf8" });
  process.stdout.write(run.stdout);
  process.stderr.write(run.stderr);
  process.exitCode = run.status ?? 1;
} finally {
  rmSync(dir, { recursive: true, force: true });
}
