import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { Client as ModernClient } from "@modelcontextprotocol/client";
import { StdioClientTransport as ModernStdioClientTransport } from "@modelcontextprotocol/client/stdio";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { ElicitRequestSchema } from "@modelcontextprotocol/sdk/types.js";
import type { ExecutionResult } from "@codemode/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cliCommand, FAULT_SERVER, PACKAGE_DIR, until } from "../__fixtures__/fixtures.js";

// `codemode serve` on real stdio, with a real stdio upstream behind it, and real clients of both SDK generations:
// @modelcontextprotocol/sdk 1.32 speaks 2025-11-25 (initialize), @modelcontextprotocol/client 2.x pinned to
// 2026-07-28 sends no initialize and carries its version and capabilities on every request.
const RECORDS_SERVER = fileURLToPath(new URL("../__fixtures__/records-server.mjs", import.meta.url));
const LATEST = "2026-07-28";
const folder = mkdtempSync(path.join(tmpdir(), "codemode-stdio-"));
const CONFIG = path.join(folder, "gateway.json");
writeFileSync(
  CONFIG,
  JSON.stringify({ mcpServers: { records: { command: process.execPath, args: [RECORDS_SERVER] } }, approvals: { destructive: true }, poolSize: 1 }),
);
const [command, ...cliArgs] = cliCommand() as [string, ...string[]];
const serverParams = { command, args: [...cliArgs, "serve", "--config", CONFIG], cwd: PACKAGE_DIR, stderr: "ignore" as const };
const closers: (() => Promise<void>)[] = [];

afterAll(async () => {
  await Promise.all(closers.map((close) => close().catch(() => undefined)));
  rmSync(folder, { recursive: true, force: true });
});

type Answer = { action: "accept" | "decline" };

async function connectModern(answer?: () => Answer): Promise<ModernClient> {
  const client = new ModernClient(
    { name: "stdio-2026", version: "1.0.0" },
    { versionNegotiation: { mode: { pin: LATEST } }, capabilities: answer ? { elicitation: { form: {} } } : {} },
  );
  if (answer) client.setRequestHandler("elicitation/create", () => ({ content: {}, ...answer() }));
  await client.connect(new ModernStdioClientTransport(serverParams));
  closers.push(() => client.close());
  return client;
}

async function connectLegacy(answer?: () => Answer): Promise<Client> {
  const client = new Client({ name: "stdio-2025", version: "1.0.0" }, answer ? { capabilities: { elicitation: { form: {} } } } : {});
  if (answer) client.setRequestHandler(ElicitRequestSchema, () => ({ content: {}, ...answer() }));
  await client.connect(new StdioClientTransport(serverParams));
  closers.push(() => client.close());
  return client;
}

async function execute(client: Client | ModernClient, code: string): Promise<ExecutionResult> {
  const answer = await client.callTool({ name: "execute", arguments: { code } });
  return answer.structuredContent as unknown as ExecutionResult;
}

// Each client starts its own gateway process; the two of the first tests are started once, and answer approvals as
// `nextAnswer` says at the time.
let nextAnswer: Answer = { action: "decline" };
let modern: ModernClient;
let legacy: Client;

beforeAll(async () => {
  [modern, legacy] = await Promise.all([connectModern(() => nextAnswer), connectLegacy(() => nextAnswer)]);
});

describe("codemode serve over stdio", () => {
  it("serves a client pinned to 2026-07-28 without initialize, and an SDK 1.32 client with it, the same tools", async () => {
    expect(modern.getProtocolEra()).toBe("modern");
    expect(modern.getNegotiatedProtocolVersion()).toBe(LATEST);
    expect(modern.getServerVersion()?.name).toBe("codemode-gateway");
    expect(legacy.getServerVersion()?.name).toBe("codemode-gateway");

    // The upstream starts in the background; once it is up, the execute tool's description names its tools.
    const both = () => Promise.all([modern.listTools(), legacy.listTools()]);
    const [modernList, legacyList] = (await until(async () => {
      const lists = await both();
      return lists.every((list) => list.tools[0]?.description?.includes("list_records")) ? lists : undefined;
    })) as Awaited<ReturnType<typeof both>>;
    expect(modernList.tools.map((tool) => tool.name)).toEqual(["execute", "search"]);
    expect(modernList.tools).toEqual(legacyList.tools);

    const code = "return (await tools.records.list_records({})).data;";
    expect(await execute(modern, code)).toMatchObject({ status: "completed", result: ["r1", "r2"] });
    expect(await execute(legacy, code)).toMatchObject({ status: "completed", result: ["r1", "r2"] });
  });

  it("refuses a faulty script in both eras before any approval is asked, and answers bad arguments as a tool error", async () => {
    nextAnswer = { action: "accept" };
    const code = `await tools.records.delete_record({ id: "r2" });\nreturn tools.records.list_records("all");`;
    for (const client of [modern, legacy]) {
      const answer = await client.callTool({ name: "execute", arguments: { code } });
      expect(answer.structuredContent).toMatchObject({
        error: { kind: "CheckFailed", line: 2 },
        diagnostics: [{ code: "positional_argument", line: 2, column: 35 }],
        toolCalls: [],
      });
      expect(answer.isError).toBe(true);
      const bad = await client.callTool({ name: "execute", arguments: { script: "return 1" } });
      expect(bad).toMatchObject({ isError: true, content: [{ text: expect.stringContaining('unknown argument "script"') }] });
    }
    expect((await execute(legacy, "return (await tools.records.list_records({})).data;")).result).toContain("r2");
  });

  it("asks a 2026-07-28 client for approval with an input-required result, and a 2025 client with an elicitation request", async () => {
    const code = `return (await tools.records.delete_record({ id: "r1" })).error?.code ?? "deleted";`;
    for (const client of [modern, legacy]) {
      nextAnswer = { action: "decline" };
      expect((await execute(client, code)).result).toBe("access_denied");
      nextAnswer = { action: "accept" };
      expect((await execute(client, code)).result).toBe("deleted");
    }
  });

  it("tells a 2026-07-28 client through subscriptions/listen when an upstream's tools change", async () => {
    const config = path.join(folder, "changing.json");
    writeFileSync(config, JSON.stringify({ mcpServers: { faulty: { command: process.execPath, args: [FAULT_SERVER] } }, poolSize: 1 }));
    const descriptions: string[] = [];
    const client = new ModernClient(
      { name: "stdio-2026-list-changed", version: "1.0.0" },
      {
        versionNegotiation: { mode: { pin: LATEST } },
        listChanged: { tools: { onChanged: (_error, tools) => descriptions.push(tools?.find((tool) => tool.name === "execute")?.description ?? "") } },
      },
    );
    await client.connect(new ModernStdioClientTransport({ ...serverParams, args: [...cliArgs, "serve", "--config", config] }));
    closers.push(() => client.close());
    expect((await client.listTools()).tools[0]?.description).not.toContain("late_tool");
    expect(await execute(client, `return (await tools.faulty.add_tool({ name: "late_tool" })).ok;`)).toMatchObject({ result: true });
    await until(() => descriptions.some((description) => description.includes("late_tool")), 10_000);
  });

  it("answers a first request that claims a revision it does not speak with -32022, naming the one it does", async () => {
    const child = spawn(serverParams.command, serverParams.args, { cwd: PACKAGE_DIR, stdio: ["pipe", "pipe", "ignore"] });
    closers.push(async () => void child.kill());
    const _meta = {
      "io.modelcontextprotocol/protocolVersion": "2099-01-01",
      "io.modelcontextprotocol/clientInfo": { name: "raw", version: "1" },
      "io.modelcontextprotocol/clientCapabilities": {},
    };
    child.stdin.write(`${JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list", params: { _meta } })}\n`);
    const line = await new Promise<string>((resolve) => {
      let output = "";
      child.stdout.setEncoding("utf8").on("data", (text: string) => {
        output += text;
        if (output.includes("\n")) resolve(output.split("\n")[0] ?? "");
      });
    });
    expect(JSON.parse(line)).toMatchObject({ id: 1, error: { code: -32022, data: { supported: [LATEST], requested: "2099-01-01" } } });
  });
});

// A run whose caller goes away is cancelled: the stdio gateway serves one client, so nothing else would want its result.
describe("codemode serve over stdio when its client goes away", () => {
  const config = path.join(folder, "hanging.json");
  const audit = path.join(folder, "audit.jsonl");
  writeFileSync(
    config,
    JSON.stringify({
      mcpServers: { faulty: { command: process.execPath, args: [FAULT_SERVER] } },
      // Nothing here ends a run by itself for ten minutes: not its deadline, not the shutdown's grace.
      limits: { timeoutMs: 600_000, callTimeoutMs: 600_000 },
      shutdown: { graceMs: 600_000 },
      audit: { file: audit },
      poolSize: 2,
    }),
  );
  const HANG = "await tools.faulty.hang({}); return 'never';";
  const HANGING = "return (await tools.faulty.hanging_count({})).data;";

  for (const era of ["2025", "2026"] as const) {
    it(`cancels a ${era}-era run whose client sends notifications/cancelled, down to its upstream call`, async () => {
      const client = era === "2025" ? new Client({ name: "cancel-2025", version: "1.0.0" }) : new ModernClient({ name: "cancel-2026", version: "1.0.0" }, { versionNegotiation: { mode: { pin: LATEST } } });
      const params = { ...serverParams, args: [...cliArgs, "serve", "--config", config] };
      await (client instanceof Client ? client.connect(new StdioClientTransport(params)) : client.connect(new ModernStdioClientTransport(params)));
      closers.push(() => client.close());
      const cancel = new AbortController();
      const call = { name: "execute", arguments: { code: HANG } };
      const hung = client instanceof Client ? client.callTool(call, undefined, { signal: cancel.signal }) : client.callTool(call, { signal: cancel.signal });
      hung.catch(() => undefined);
      await until(async () => (await execute(client, HANGING)).result === 1);
      cancel.abort();
      await until(async () => (await execute(client, HANGING)).result === 0);
    });

    it(`cancels a ${era}-era run whose client closes stdin, and exits without waiting out the shutdown grace`, async () => {
      const child = spawn(serverParams.command, [...cliArgs, "serve", "--config", config], { cwd: PACKAGE_DIR, stdio: ["pipe", "pipe", "ignore"] });
      closers.push(async () => void child.kill());
      const exited = new Promise<number | null>((resolve) => child.once("exit", resolve));
      const answers = new Map<number, (message: { result?: { structuredContent?: ExecutionResult } }) => void>();
      let buffered = "";
      child.stdout.setEncoding("utf8").on("data", (text: string) => {
        buffered += text;
        for (let end = buffered.indexOf("\n"); end !== -1; end = buffered.indexOf("\n")) {
          const message = JSON.parse(buffered.slice(0, end)) as { id?: number; result?: { structuredContent?: ExecutionResult } };
          buffered = buffered.slice(end + 1);
          if (typeof message.id === "number") answers.get(message.id)?.(message);
        }
      });
      let next = 0;
      const _meta = {
        "io.modelcontextprotocol/protocolVersion": LATEST,
        "io.modelcontextprotocol/clientInfo": { name: "raw", version: "1" },
        "io.modelcontextprotocol/clientCapabilities": {},
      };
      const send = (method: string, params: Record<string, unknown>) => {
        const id = ++next;
        const answered = new Promise<{ result?: { structuredContent?: ExecutionResult } }>((resolve) => answers.set(id, resolve));
        child.stdin.write(`${JSON.stringify({ jsonrpc: "2.0", id, method, params: era === "2026" ? { ...params, _meta } : params })}\n`);
        return answered;
      };
      if (era === "2025") {
        await send("initialize", { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "raw", version: "1" } });
        child.stdin.write(`${JSON.stringify({ jsonrpc: "2.0", method: "notifications/initialized" })}\n`);
      }
      void send("tools/call", { name: "execute", arguments: { code: HANG } });
      await until(async () => (await send("tools/call", { name: "execute", arguments: { code: HANGING } })).result?.structuredContent?.result === 1);
      child.stdin.end();
      expect(await exited).toBe(0);
      const records = readFileSync(audit, "utf8").trim().split("\n").map((line) => JSON.parse(line) as { status: string; errorKind?: string; toolCalls: { tool: string; errorCode?: string }[] });
      expect(records.at(-1)).toMatchObject({ status: "failed", errorKind: "Cancelled", toolCalls: [{ tool: "faulty.hang", errorCode: "cancelled" }] });
    }, 60_000);
  }
});
