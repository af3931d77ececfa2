// Serves the demo gateway over HTTP on localhost and prints how to connect to it.
import { randomBytes } from "node:crypto";
import path from "node:path";
import { parseArgs } from "node:util";
import { createGateway, loadGatewayConfig } from "@codemode/mcp";
import { APP_DIR, demoCommand } from "./demo-command.js";

const CONFIG_FILE = path.join(APP_DIR, "gateway.config.json");

// `pnpm start -- --port 9000` passes the "--" through.
const argv = process.argv.slice(2).filter((arg) => arg !== "--");
const { values } = parseArgs({ args: argv, options: { port: { type: "string" }, host: { type: "string" } } });
const port = Number(values.port ?? process.env.CODEMODE_PORT ?? 8787);
const host = values.host ?? process.env.CODEMODE_HOST ?? "127.0.0.1";

// The config reads its secrets from the environment; the demo makes up whatever is not set.
const token = (process.env.CODEMODE_DEMO_TOKEN ??= `demo-${randomBytes(12).toString("hex")}`);
process.env.CODEMODE_BILLING_TOKEN ??= `billing-${randomBytes(12).toString("hex")}`;
process.env.CODEMODE_DEMO_MEMORY_FILE ??= path.join(APP_DIR, ".memory.jsonl");

const config = await loadGatewayConfig(CONFIG_FILE);
// "node" in the config means this very Node, so the demo needs nothing on PATH and downloads nothing.
for (const server of Object.values(config.mcpServers)) if (server.command === "node") server.command = process.execPath;

const gateway = createGateway(config, { baseDir: APP_DIR });
await gateway.start();
// A server that was slow to start is retried in the background; give it a minute before saying it is missing.
for (let waited = 0; waited < 60_000 && gateway.upstreams().some((upstream) => upstream.status !== "connected"); waited += 250) {
  await new Promise((resolve) => setTimeout(resolve, 250));
}
const listener = await gateway.listen({ host, port });
const down = gateway.upstreams().filter((upstream) => upstream.status !== "connected");

process.stdout.write(
  [
    `codemode gateway listening on ${listener.url}`,
    `  console: ${new URL("/console/", listener.url).href} (sign in with either token below)`,
    `  upstreams: ${gateway
      .upstreams()
      .map((upstream) => `${upstream.id} (${upstream.status}${upstream.protocolVersion ? `, MCP ${upstream.protocolVersion}` : ""})`)
      .join(", ")}`,
    `  token (all demo servers): ${token}`,
    `  token (billing only):     ${process.env.CODEMODE_BILLING_TOKEN}`,
    "",
    `Connect any MCP client to it over Streamable HTTP with the header "Authorization: Bearer ${token}", for example`,
    `  ${demoCommand("inspector", [listener.url, "--header", `Authorization: Bearer ${token}`, "--method", "tools/list"])}`,
    "Or run the scripted client (search, then one execute that totals every invoice):",
    `  ${demoCommand("client", [], { CODEMODE_URL: listener.url, CODEMODE_TOKEN: token })}`,
    "Press Ctrl+C to stop.",
    "",
  ].join("\n"),
);
if (down.length > 0) process.stderr.write(`still retrying: ${down.map((upstream) => upstream.id).join(", ")}\n`);

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    void gateway.close().then(() => process.exit(0));
  });
}
