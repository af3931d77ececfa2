import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

/** The example's folder: the demo upstreams' paths in gateway.config.json are relative to it. */
export const APP_DIR = fileURLToPath(new URL("../..", import.meta.url));

/**
 * The demo's gateway config for a cluster's replicas: the five upstreams of gateway.config.json, started with this
 * Node and from this folder, so that a config written anywhere else still finds them. The cluster harness adds
 * `cluster`, `auth` and `sessions`.
 */
export function demoClusterConfig(): Record<string, unknown> {
  const config = JSON.parse(readFileSync(path.join(APP_DIR, "gateway.config.json"), "utf8")) as {
    mcpServers: Record<string, { command?: string }>;
    auth?: unknown;
  };
  const mcpServers = Object.fromEntries(
    Object.entries(config.mcpServers).map(([id, server]) => [id, { ...server, command: server.command === "node" ? process.execPath : server.command, cwd: APP_DIR }]),
  );
  const { auth: _auth, ...rest } = config;
  return { ...rest, mcpServers };
}

/** Each replica's own memory file: the memory server writes its graph there, and two processes must not share one. */
export function demoReplicaEnv(_index: number, dir: string): Record<string, string> {
  return { CODEMODE_DEMO_MEMORY_FILE: path.join(dir, "memory.jsonl") };
}
