import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { checkHaproxyConfig, haproxyConfig, missingPrograms, missingProgramsMessage } from "@codemode/cluster-harness";
import { parseGatewayConfig } from "@codemode/mcp";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { APP_DIR } from "./demo-cluster-config.js";

// No Docker engine runs where these tests run: they check what can be checked without one. compose.yaml's structure
// (parsed as Compose does, merge keys included), the HAProxy config it mounts (against haproxyConfig() and haproxy
// -c), the replicas' gateway config (parsed with the environment compose gives it) and the Dockerfile's paths.
const REPO_DIR = path.resolve(APP_DIR, "../..");
const GATEWAYS = ["gateway-1", "gateway-2", "gateway-3"];

interface Service {
  image?: string;
  build?: { context: string; dockerfile: string };
  command?: string[];
  ports?: string[];
  expose?: string[];
  volumes?: string[];
  environment?: Record<string, string>;
  depends_on?: Record<string, { condition: string }>;
  healthcheck?: { test: string[] };
  stop_grace_period?: string;
}
const compose = parse(readFileSync(path.join(APP_DIR, "compose.yaml"), "utf8"), { merge: true }) as { services: Record<string, Service>; volumes: Record<string, unknown> };
const service = (name: string): Service => compose.services[name] ?? expect.unreachable(`compose.yaml has no service ${name}`);
const missing = missingPrograms(["haproxy"]);
if (missing.length > 0) console.log(`compose.yaml: skipped haproxy -c on deploy/haproxy.cfg: ${missingProgramsMessage(missing)}`);

describe("compose.yaml", () => {
  it("runs Redis, three gateways and HAProxy, and only HAProxy is published", () => {
    expect(Object.keys(compose.services).sort()).toEqual(["gateway-1", "gateway-2", "gateway-3", "haproxy", "redis"]);
    expect(service("haproxy").ports).toEqual(["8080:8080"]);
    for (const name of ["redis", ...GATEWAYS]) expect(service(name).ports).toBeUndefined();
    for (const name of GATEWAYS) expect(service(name).expose).toEqual(["8787"]);
  });

  it("starts the gateways once Redis answers, and HAProxy once every gateway is healthy", () => {
    expect(service("redis").healthcheck?.test).toEqual(["CMD", "redis-cli", "ping"]);
    for (const name of GATEWAYS) expect(service(name).depends_on).toEqual({ redis: { condition: "service_healthy" } });
    expect(service("haproxy").depends_on).toEqual(Object.fromEntries(GATEWAYS.map((name) => [name, { condition: "service_healthy" }])));
  });

  it("keeps Redis's data in a volume, with the append-only file on", () => {
    const redis = service("redis");
    expect(redis.command).toEqual(["redis-server", "--appendonly", "yes", "--appendfsync", "everysec", "--save", ""]);
    expect(redis.volumes).toEqual(["redis-data:/data"]);
    expect(compose.volumes).toHaveProperty("redis-data");
  });

  it("gives every gateway the same image, Redis and secret, and an id of its own", () => {
    const ids = GATEWAYS.map((name) => service(name).environment?.CODEMODE_REPLICA_ID);
    expect(ids).toEqual(GATEWAYS);
    for (const name of GATEWAYS) {
      const gateway = service(name);
      expect(gateway.build).toEqual({ context: "../..", dockerfile: "apps/mcp-gateway/Dockerfile" });
      expect(gateway.image).toBe("codemode-gateway-example");
      expect(gateway.environment).toMatchObject({ CODEMODE_REDIS_URL: "redis://redis:6379", CODEMODE_PUBLIC_URL: "http://localhost:8080/mcp" });
      expect(gateway.environment?.CODEMODE_CLUSTER_SECRET).toMatch(/^\$\{CODEMODE_CLUSTER_SECRET:\?/);
      // Longer than the Dockerfile's --grace-ms 10000, so that a draining replica is not killed first.
      expect(gateway.stop_grace_period).toBe("15s");
    }
  });

  it("mounts the HAProxy config haproxyConfig() makes for these containers", () => {
    const [mount] = service("haproxy").volumes ?? [];
    expect(mount).toBe("./deploy/haproxy.cfg:/usr/local/etc/haproxy/haproxy.cfg:ro");
    const expected = haproxyConfig({ bind: ":8080", servers: GATEWAYS.map((name) => ({ name, address: `${name}:8787` })), nameserver: "127.0.0.11:53", statsBind: ":8404" });
    expect(readFileSync(path.join(APP_DIR, "deploy", "haproxy.cfg"), "utf8")).toBe(expected);
  });

  // eslint-disable-next-line codemode/no-skipped-tests -- haproxy -c needs haproxy installed (apt-get install -y haproxy); the log says it skipped
  it.skipIf(missing.length > 0)("mounts a config haproxy -c accepts", async () => {
    const verdict = await checkHaproxyConfig(path.join(APP_DIR, "deploy", "haproxy.cfg"));
    const warnings = verdict.output.split("\n").filter((line) => /\[(ALERT|WARNING)\]/.test(line));
    // Outside the compose network the gateways' names do not resolve; HAProxy starts them disabled until they do.
    expect(warnings.filter((line) => !line.includes("could not resolve address"))).toEqual([]);
    expect(verdict.valid).toBe(true);
  });
});

describe("gateway.cluster.json", () => {
  it("is a valid gateway config with the environment compose gives a replica", () => {
    const { environment = {} } = service("gateway-2");
    const env = { ...environment, CODEMODE_DEMO_TOKEN: "a-token-for-the-compose-test", CODEMODE_CLUSTER_SECRET: "s".repeat(32), CODEMODE_DEMO_MEMORY_FILE: "/tmp/memory.jsonl" };
    const file = path.join(APP_DIR, "gateway.cluster.json");
    const config = parseGatewayConfig(JSON.parse(readFileSync(file, "utf8")), { file, env });
    expect(config.cluster).toEqual({ redisUrl: "redis://redis:6379", replicaId: "gateway-2", secret: "s".repeat(32) });
    expect(Object.keys(config.mcpServers)).toEqual(["billing", "crm", "support", "memory", "files"]);
    expect(config.http?.publicUrl).toBe("http://localhost:8080/mcp");
    expect(config.sessions).toBeDefined();
  });
});

describe("Dockerfile", () => {
  const dockerfile = readFileSync(path.join(APP_DIR, "Dockerfile"), "utf8");

  it("copies only paths the repository has, from its root", () => {
    const sources = [...dockerfile.matchAll(/^COPY (?:--\S+ )*(.+) \S+$/gm)].flatMap((match) => (match[1] ?? "").split(" "));
    expect(sources).toEqual(["pnpm-lock.yaml", "pnpm-workspace.yaml", "."]);
    for (const source of sources) expect(existsSync(path.join(REPO_DIR, source))).toBe(true);
  });

  it("serves gateway.cluster.json on every address with the built codemode command, where the healthcheck looks", () => {
    const command = JSON.parse(/^CMD (.+)$/m.exec(dockerfile)?.[1] ?? "[]") as string[];
    const workdir = /^WORKDIR (\S+)$/gm;
    const dirs = [...dockerfile.matchAll(workdir)].map((match) => match[1]);
    expect(dirs.at(-1)).toBe("/app/apps/mcp-gateway");
    expect(command.slice(0, 2)).toEqual(["node", "../../packages/mcp/dist/cli.js"]);
    expect(path.resolve(APP_DIR, command[1] as string)).toBe(path.join(REPO_DIR, "packages/mcp/dist/cli.js"));
    expect(command).toEqual(expect.arrayContaining(["serve", "gateway.cluster.json", "0.0.0.0", "8787", "--grace-ms"]));
    expect(existsSync(path.join(APP_DIR, "gateway.cluster.json"))).toBe(true);
    expect(dockerfile).toContain("http://127.0.0.1:8787/readyz");
  });

  it("keeps what a build makes out of the context", () => {
    const ignored = readFileSync(path.join(APP_DIR, "Dockerfile.dockerignore"), "utf8").split("\n");
    expect(ignored).toEqual(expect.arrayContaining(["**/node_modules", "**/dist"]));
  });
});
