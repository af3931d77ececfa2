import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import type { ExecutionResult } from "@codemode/core";
import { afterAll, describe, expect, it } from "vitest";
import { FAULT_SERVER } from "../__fixtures__/fixtures.js";
import { parseGatewayConfig } from "../config/index.js";
import { createGateway, type Gateway } from "./index.js";

const folder = mkdtempSync(path.join(tmpdir(), "codemode-gateway-options-"));
const gateways: Gateway[] = [];

afterAll(async () => {
  await Promise.all(gateways.map((gateway) => gateway.close()));
  rmSync(folder, { recursive: true, force: true });
});

/** A started gateway from `extra` config keys, and a client connected to it in memory. */
async function connect(extra: Record<string, unknown>): Promise<(code: string) => Promise<ExecutionResult>> {
  const config = parseGatewayConfig({ mcpServers: { faulty: { command: process.execPath, args: [FAULT_SERVER] } }, poolSize: 1, ...extra });
  const gateway = createGateway(config, { baseDir: folder, log: () => undefined });
  gateways.push(gateway);
  await gateway.start();
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await gateway.connect(serverSide);
  const client = new Client({ name: "script-options-e2e", version: "1.0.0" });
  await client.connect(clientSide);
  return async (code) => ((await client.callTool({ name: "execute", arguments: { code } })) as CallToolResult).structuredContent as unknown as ExecutionResult;
}

describe("createGateway", () => {
  it("gives scripts the call style and output of the config's script key", async () => {
    const execute = await connect({ script: { callStyle: "value", output: "printed" } });
    const result = await execute(`const text = await tools.faulty.echo({ text: "hi" }); console.log(text.toUpperCase());`);
    expect(result).toMatchObject({ status: "completed", result: "ECHO: HI", output: "printed" });
  });

  it("gives scripts the config's shared workspace folder, resolved from the config's folder", async () => {
    writeFileSync(path.join(folder, "in.txt"), "from the host");
    const execute = await connect({ workspace: { dir: ".", shared: true } });
    const result = await execute(`const text = (await files.read({ path: "in.txt" })).data; await files.write({ path: "out.txt", data: text + "!" }); return text;`);
    expect(result).toMatchObject({ status: "completed", result: "from the host" });
    expect(readFileSync(path.join(folder, "out.txt"), "utf8")).toBe("from the host!");
  });

  it("gives each principal a workspace folder of its own unless the config shares it", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "codemode-gateway-principals-"));
    const tokens = { alice: "alice-token-0123456789", mallory: "mallory-token-0123456789" };
    const config = parseGatewayConfig({
      mcpServers: { faulty: { command: process.execPath, args: [FAULT_SERVER] } },
      poolSize: 1,
      auth: { bearer: [{ name: "alice", token: tokens.alice }, { name: "mallory", token: tokens.mallory, allow: ["faulty.echo"] }] },
      workspace: { dir },
    });
    const gateway = createGateway(config, { log: () => undefined });
    gateways.push(gateway);
    await gateway.start();
    const listener = await gateway.listen({ port: 0 });
    const as = async (token: string) => {
      const client = new Client({ name: "principals-e2e", version: "1.0.0" });
      await client.connect(new StreamableHTTPClientTransport(new URL(listener.url), { requestInit: { headers: { Authorization: `Bearer ${token}` } } }));
      return async (code: string) => ((await client.callTool({ name: "execute", arguments: { code } })) as CallToolResult).structuredContent as unknown as ExecutionResult;
    };
    const alice = await as(tokens.alice);
    const mallory = await as(tokens.mallory);
    expect(await alice(`return (await files.write({ path: "payroll.txt", data: "salaries" })).ok;`)).toMatchObject({ result: true });
    expect(await mallory(`const r = await files.read({ path: "payroll.txt" }); return r.ok ? r.data : r.error.code;`)).toMatchObject({ result: "not_found" });
    await mallory(`await files.write({ path: "payroll.txt", data: "overwritten" });`);
    expect(await alice(`return (await files.read({ path: "payroll.txt" })).data;`)).toMatchObject({ result: "salaries" });
    rmSync(dir, { recursive: true, force: true });
  });
});
