#!/usr/bin/env node
// The gateway as the client under test where the scenario's server asks its client something, so the answer must
// come from an MCP client behind the gateway: this writes a gateway config with the scenario's server as the one
// upstream, starts `codemode serve` over stdio, connects to it as an MCP client that answers elicitation, and runs
// the scenario's script through `execute`. Every request the scenario sees is the gateway's own upstream traffic;
// its elicitation reaches this client only through the gateway.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { Client } from "@modelcontextprotocol/client";
import { StdioClientTransport } from "@modelcontextprotocol/client/stdio";

const CLI = fileURLToPath(new URL("../dist/cli.js", import.meta.url));

/** The script each scenario needs, and how this client answers the elicitation the gateway passes on. */
const SCENARIOS = {
  "elicitation-sep1034-client-defaults": {
    script: "return await tools.t.test_client_elicitation_defaults({});",
    // A person who accepts the form as it is shown, every field at its default (SEP-1034).
    answer: (params) => ({ action: "accept", content: defaultsOf(params.requestedSchema) }),
  },
};

function defaultsOf(schema) {
  const entries = Object.entries(schema?.properties ?? {}).filter(([, property]) => property.default !== undefined);
  return Object.fromEntries(entries.map(([name, property]) => [name, property.default]));
}

const url = process.argv.at(-1);
const scenario = SCENARIOS[process.env.MCP_CONFORMANCE_SCENARIO ?? ""];
if (!url || !scenario) {
  console.error(`codemode-serve-client: no script for scenario "${process.env.MCP_CONFORMANCE_SCENARIO ?? ""}" (known: ${Object.keys(SCENARIOS).join(", ")}).`);
  process.exit(2);
}
const dir = mkdtempSync(path.join(tmpdir(), "codemode-conformance-serve-"));
const client = new Client({ name: "codemode-conformance-answerer", version: "1.0.0" }, { capabilities: { elicitation: { form: {} } } });
client.setRequestHandler("elicitation/create", (request) => scenario.answer(request.params));
try {
  const config = path.join(dir, "gateway.json");
  writeFileSync(config, JSON.stringify({ mcpServers: { t: { url } } }));
  await client.connect(new StdioClientTransport({ command: process.execPath, args: [CLI, "serve", "--config", config], stderr: "inherit" }));
  const answer = await client.callTool({ name: "execute", arguments: { code: scenario.script } });
  process.stdout.write(`${JSON.stringify(answer.structuredContent, null, 2)}\n`);
  process.exitCode = answer.isError ? 1 : 0;
} finally {
  await client.close().catch(() => undefined);
  rmSync(dir, { recursive: true, force: true });
}
