import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import type { ExecutionResult } from "@codemode/core";
import { afterAll, describe, expect, it } from "vitest";
import { cliCommand, FAULT_SERVER, PACKAGE_DIR } from "../__fixtures__/fixtures.js";

const folder = mkdtempSync(path.join(tmpdir(), "codemode-serve-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

describe("runCli serve", () => {
  it("lists its tools before an upstream that takes 10 s to start is up, and an execute that calls it waits for it", async () => {
    const starts = path.join(folder, "starts");
    const ready = path.join(folder, "ready");
    writeFileSync(starts, "");
    writeFileSync(ready, "");
    const config = path.join(folder, "slow.json");
    const slow = { command: process.execPath, args: [FAULT_SERVER], env: { FAULT_START_DELAY_MS: "10000", STARTS_FILE: starts, READY_FILE: ready } };
    writeFileSync(config, JSON.stringify({ mcpServers: { slow }, poolSize: 1 }));
    const [command, ...args] = cliCommand() as [string, ...string[]];
    const client = new Client({ name: "serve-e2e", version: "1.0.0" });
    const transport = new StdioClientTransport({
      command,
      args: [...args, "serve", "--config", config],
      cwd: PACKAGE_DIR,
      // An empty catalog cache: nothing is known of the upstream's tools until it is up.
      env: { ...(process.env as Record<string, string>), CODEMODE_CACHE_DIR: path.join(folder, "cache") },
      stderr: "ignore",
    });
    try {
      await client.connect(transport);
      const listed = (await client.listTools()).tools.map((tool) => tool.name);
      // The order of events, not a time: the gateway's tools were listed while the upstream was still starting.
      const readyWhenListed = readFileSync(ready, "utf8");
      expect(listed).toEqual(["execute", "search"]);
      expect(readyWhenListed).toBe("");

      const answer = await client.callTool(
        { name: "execute", arguments: { code: `return (await tools.slow.echo({ text: "after the wait" })).data;` } },
        undefined,
        { timeout: 60_000 },
      );
      expect(answer.structuredContent as unknown as ExecutionResult).toMatchObject({ status: "completed", result: "echo: after the wait" });
      expect(readFileSync(ready, "utf8")).not.toBe("");
      // Started once: in the background once the tools were listed, and the call waited for that same process.
      expect(readFileSync(starts, "utf8").split("\n").filter(Boolean)).toHaveLength(1);
    } finally {
      await client.close();
    }
  }, 90_000);
});
