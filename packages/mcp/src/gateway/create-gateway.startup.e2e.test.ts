import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { ExecutionResult } from "@codemode/core";
import { afterEach, describe, expect, it } from "vitest";
import { FAULT_SERVER, until } from "../__fixtures__/fixtures.js";
import { parseGatewayConfig } from "../config/index.js";
import { createGateway, type Gateway } from "./index.js";

const opened: { gateway: Gateway; client?: Client; folder?: string }[] = [];
afterEach(async () => {
  for (const { gateway, client, folder } of opened.splice(0)) {
    await client?.close().catch(() => undefined);
    await gateway.close();
    if (folder) rmSync(folder, { recursive: true, force: true });
  }
});

/** A gateway on a free port, with an MCP client connected; `logs` has what it logged. */
async function serve(servers: Record<string, unknown>, options: { catalogCache?: string; auth?: unknown } = {}) {
  const logs: string[] = [];
  const config = parseGatewayConfig({ mcpServers: servers, poolSize: 1, ...(options.auth ? { auth: options.auth } : {}) });
  const gateway = createGateway(config, { log: (message) => logs.push(message), ...(options.catalogCache ? { catalogCache: options.catalogCache } : {}) });
  const listener = await gateway.listen({ port: 0 });
  const client = new Client({ name: "startup-e2e", version: "1.0.0" });
  await client.connect(new StreamableHTTPClientTransport(new URL(listener.url)));
  opened.push({ gateway, client });
  return { gateway, client, logs, url: listener.url };
}

const slow = (ms: number) => ({ command: process.execPath, args: [FAULT_SERVER], env: { FAULT_START_DELAY_MS: String(ms) } });

describe("createGateway at start", () => {
  it("says once, as it starts listening, that an HTTP entry without auth takes no token", async () => {
    const { logs, url } = await serve({});
    expect(logs.filter((line) => line.includes("takes no token"))).toEqual([
      `${url} takes no token: any program on this machine can run scripts with every upstream's tools. Configure "auth" (bearer tokens or oauth) to require one.`,
    ]);
    const guarded = createGateway(parseGatewayConfig({ mcpServers: {}, auth: { bearer: [{ name: "a", token: "token-of-at-least-16" }] } }), {
      log: (message) => logs.push(message),
    });
    opened.push({ gateway: guarded });
    await guarded.listen({ port: 0 });
    expect(logs.filter((line) => line.includes("takes no token"))).toHaveLength(1);
  });

  it("has a search wait for an upstream still starting, and say which one it could not wait for", async () => {
    const { client } = await serve({ late: slow(1500), ghost: { command: "no-such-mcp-server" } });
    const answer = await client.callTool({ name: "search", arguments: { query: "echo the text" } });
    const page = answer.structuredContent as { items: { name: string }[]; notes: string[] };
    expect(page.items[0]?.name).toBe("late.echo");
    expect(page.notes).toEqual([
      'Upstream ghost is down (the command "no-such-mcp-server" was not found on PATH; install it, or write its full path in mcpServers.ghost.command); retrying: its tools are not in these results.',
    ]);
  });

  it("keeps each upstream's tools in the catalog cache, and keeps them up to date when they change", async () => {
    const folder = mkdtempSync(path.join(tmpdir(), "codemode-gateway-cache-"));
    const { client } = await serve({ faulty: { command: process.execPath, args: [FAULT_SERVER] } }, { catalogCache: folder });
    const cached = () => readdirSync(folder).map((file) => readFileSync(path.join(folder, file), "utf8")).join("");
    const code = `return (await tools.faulty.add_tool({ name: "arrived_later" })).data;`;
    const answer = await client.callTool({ name: "execute", arguments: { code } });
    expect(answer.structuredContent as unknown as ExecutionResult).toMatchObject({ result: "added" });
    await until(() => cached().includes("arrived_later"));

    // A new gateway knows the tools from the cache before its upstream has started.
    const next = createGateway(parseGatewayConfig({ mcpServers: { faulty: { command: process.execPath, args: [FAULT_SERVER] } }, poolSize: 1 }), {
      log: () => undefined,
      catalogCache: folder,
    });
    opened.push({ gateway: next, folder });
    expect(next.upstreams()).toMatchObject([{ id: "faulty", status: "idle", catalog: "cached" }]);
    expect(next.codeMode.declarations()).toContain("arrived_later");
  });
});
