import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
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

  it("gives scripts the config's workspace folder, resolved from the config's folder", async () => {
    writeFileSync(path.join(folder, "in.txt"), "from the host");
    const execute = await connect({ workspace: { dir: "." } });
    const result = await execute(`const text = (await files.read({ path: "in.txt" })).data; await files.write({ path: "out.txt", data: text + "!" }); return text;`);
    expect(result).toMatchObject({ status: "completed", result: "from the host" });
    expect(readFileSync(path.join(folder, "out.txt"), "utf8")).toBe("from the host!");
  });
});
