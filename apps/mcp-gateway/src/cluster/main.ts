// `pnpm cluster`: Redis, three gateway replicas and HAProxy on this machine, until Ctrl+C.
import { parseArgs } from "node:util";
import { startCluster } from "@codemode/cluster-harness";
import { demoCommand } from "../demo-command.js";
import { demoClusterConfig, demoReplicaEnv } from "./demo-cluster-config.js";

const argv = process.argv.slice(2).filter((arg) => arg !== "--");
const { values } = parseArgs({ args: argv, options: { port: { type: "string" }, replicas: { type: "string" } } });
const port = Number(values.port ?? process.env.CODEMODE_PORT ?? 8787);
const replicas = Number(values.replicas ?? 3);
if (!Number.isInteger(replicas) || replicas < 1) throw new Error(`--replicas must be a positive whole number, not "${values.replicas}".`);

let cluster;
try {
  cluster = await startCluster({
    replicas,
    port,
    config: demoClusterConfig(),
    env: demoReplicaEnv,
    ...(process.env.CODEMODE_DEMO_TOKEN ? { token: process.env.CODEMODE_DEMO_TOKEN } : {}),
    log: (line) => process.stderr.write(`${line}\n`),
  });
} catch (error) {
  process.stderr.write(`${(error as Error).message}\n`);
  process.exit(1);
}

process.stdout.write(
  [
    `codemode cluster listening on ${cluster.url} (HAProxy, round robin over ${cluster.replicas.length} replicas)`,
    `  replicas: ${cluster.replicas.map((replica) => `${replica.id} ${replica.url}`).join(", ")}`,
    `  redis:    ${cluster.redis?.url} (append-only file)`,
    `  token:    ${cluster.token}`,
    `  logs:     ${cluster.dir}`,
    "",
    "Each answer names the replica that gave it in the X-Codemode-Replica header. Try the scripted client:",
    `  ${demoCommand("client", [], { CODEMODE_URL: cluster.url, CODEMODE_TOKEN: cluster.token })}`,
    "Press Ctrl+C to stop.",
    "",
  ].join("\n"),
);

const running = cluster;
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    process.stderr.write("stopping HAProxy, the replicas (draining) and Redis\n");
    void running.close().then(() => process.exit(0));
  });
}
