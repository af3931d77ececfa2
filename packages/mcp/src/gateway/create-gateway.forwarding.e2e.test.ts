import { execFile, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { Client as ModernClient, StreamableHTTPClientTransport as ModernTransport } from "@modelcontextprotocol/client";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { CreateMessageRequestSchema, ElicitRequestSchema, LoggingMessageNotificationSchema } from "@modelcontextprotocol/sdk/types.js";
import type { ExecutionResult } from "@codemode/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ASKING_SERVER_2025, ASKING_SERVER_2026, PACKAGE_DIR, cliCommand, freePort, startListening } from "../__fixtures__/fixtures.js";
import { parseGatewayConfig } from "../config/index.js";
import { createGateway, type Gateway, type HttpListener } from "./index.js";

// One gateway with upstreams of both eras (a 2026-07-28 server on SDK v2, 2025 servers on SDK 1.x, over stdio and
// HTTP) whose tools ask their caller, and real clients of both eras calling execute.
const run = promisify(execFile);
let gateway: Gateway;
let listener: HttpListener;
let legacyHttp: ChildProcess;
let upstreamsConfig: Record<string, unknown>;
const logged: string[] = [];
const closers: (() => Promise<void>)[] = [];

const SCRIPT_BOTH = `return [(await tools.modern.ask_city({})).data, (await tools.legacy.ask_city({})).data];`;

/** A 2025-era client (SDK 1.x, a session over Streamable HTTP); with `city` it answers elicitation, with `model` sampling. */
async function sessionClient(options: { city?: string; model?: string } = {}) {
  const capabilities = { ...(options.city ? { elicitation: { form: {} } } : {}), ...(options.model ? { sampling: {} } : {}) };
  const client = new Client({ name: "caller-2025", version: "1.0.0" }, { capabilities });
  const asked: string[] = [];
  if (options.city) client.setRequestHandler(ElicitRequestSchema, (request) => (asked.push(request.params.message), { action: "accept", content: { city: options.city } }));
  if (options.model) {
    client.setRequestHandler(CreateMessageRequestSchema, () => ({ model: options.model!, role: "assistant", content: { type: "text", text: "all paid" } }));
  }
  const logs: unknown[] = [];
  client.setNotificationHandler(LoggingMessageNotificationSchema, (notification) => void logs.push(notification.params.data));
  await client.connect(new StreamableHTTPClientTransport(new URL(listener.url)));
  closers.push(() => client.close());
  return { client, asked, logs };
}

/** A 2026-07-28 client (SDK v2, pinned): it answers the gateway's input-required results through its handler. */
async function statelessClient(city: string) {
  const capabilities = { elicitation: { form: {} }, sampling: {} };
  const client = new ModernClient({ name: "caller-2026", version: "1.0.0" }, { versionNegotiation: { mode: { pin: "2026-07-28" } }, capabilities });
  const asked: string[] = [];
  client.setRequestHandler("elicitation/create", (request) => (asked.push(String(request.params.message)), { action: "accept", content: { city } }));
  client.setRequestHandler("sampling/createMessage", () => ({ model: "caller-model", role: "assistant", content: { type: "text", text: `all paid in ${city}` } }));
  await client.connect(new ModernTransport(new URL(listener.url)));
  closers.push(() => client.close());
  return { client, asked };
}

async function execute(client: Client | ModernClient, code: string, options: object = {}): Promise<ExecutionResult> {
  const params = { name: "execute", arguments: { code } };
  // SDK 1.x takes a result schema before the options; 2.x does not.
  const answer = client instanceof ModernClient ? await client.callTool(params, options) : await client.callTool(params, undefined, options);
  return answer.structuredContent as unknown as ExecutionResult;
}

beforeAll(async () => {
  const port = await freePort();
  legacyHttp = await startListening([ASKING_SERVER_2025], { PORT: String(port) });
  upstreamsConfig = {
    modern: { command: process.execPath, args: [ASKING_SERVER_2026] },
    legacy: { url: `http://127.0.0.1:${port}/mcp` },
    legacyStdio: { command: process.execPath, args: [ASKING_SERVER_2025] },
  };
  gateway = createGateway(parseGatewayConfig({ mcpServers: upstreamsConfig, limits: { timeoutMs: 20_000 } }), { log: (line) => logged.push(line) });
  await gateway.start();
  listener = await gateway.listen({ port: 0 });
});

afterAll(async () => {
  await Promise.all(closers.map((close) => close().catch(() => undefined)));
  await gateway?.close();
  legacyHttp?.kill();
});

describe("createGateway with upstreams that ask their caller", () => {
  it("speaks 2026-07-28 to the upstream that does and 2025-11-25 to the others, behind one gateway", async () => {
    expect(gateway.upstreams().map(({ id, protocolVersion }) => [id, protocolVersion])).toEqual([
      ["modern", "2026-07-28"],
      ["legacy", "2025-11-25"],
      ["legacyStdio", "2025-11-25"],
    ]);
    const { client } = await sessionClient();
    const result = await execute(client, `return [(await tools.modern.era({})).data, (await tools.legacy.era({})).data];`);
    expect(result.result).toEqual(["2026-07-28", "2025"]);
  });

  it("passes both upstreams' elicitations to a 2025 caller as requests on its session, and their answers back", async () => {
    const { client, asked } = await sessionClient({ city: "Lisbon" });
    const result = await execute(client, SCRIPT_BOTH);
    expect(result.result).toEqual(["city: Lisbon", "city: Lisbon"]);
    expect(asked).toEqual(["Which city?", "Which city?"]);
  });

  it("passes both upstreams' elicitations to a 2026 caller as input-required results, answered by retrying", async () => {
    const { client, asked } = await statelessClient("Porto");
    const result = await execute(client, SCRIPT_BOTH);
    expect(result.result).toEqual(["city: Porto", "city: Porto"]);
    expect(asked).toEqual(["Which city?", "Which city?"]);
    const sampled = await execute(client, `return (await tools.legacy.summarise({})).data;`);
    expect(sampled.result).toBe("summary: all paid in Porto");
  });

  it("passes a 2025 upstream's sampling request to a caller that declared sampling", async () => {
    const { client } = await sessionClient({ model: "caller-model" });
    const result = await execute(client, `return (await tools.legacy.summarise({})).data;`);
    expect(result.result).toBe("summary: all paid");
  });

  it("declines, saying why in the result's diagnostics, when the caller did not declare what the upstream asks for", async () => {
    const { client } = await sessionClient();
    const result = await execute(client, `return [(await tools.legacy.ask_city({})).error?.message, (await tools.modern.ask_city({})).error?.message];`);
    // The upstreams hear "decline", the answer of a person who said no, and carry on as they would then.
    expect(result.result).toEqual(["no city: decline", "no city: decline"]);
    expect(result.diagnostics).toEqual([
      { code: "upstream_question_declined", message: "The codemode gateway declined elicitation/create from legacy: the MCP client behind this execution did not declare form elicitation." },
      { code: "upstream_question_declined", message: "The codemode gateway declined elicitation/create from modern: the MCP client behind this execution did not declare form elicitation." },
    ]);
    const sampled = await execute(client, `return (await tools.legacy.summarise({})).error?.message;`);
    expect(sampled.result).toContain("declined sampling/createMessage from legacy: the MCP client behind this execution did not declare the sampling capability");
  });

  it("brings the upstreams' progress and log messages to the caller, on its execute request", async () => {
    const { client, logs } = await sessionClient();
    const progress: string[] = [];
    const result = await execute(client, `await tools.modern.count({ n: 3 }); await tools.legacy.count({ n: 3 }); return "done";`, {
      onprogress: ({ message }: { message?: string }) => progress.push(message ?? ""),
    });
    expect(result.result).toBe("done");
    expect(progress).toEqual(expect.arrayContaining(["modern.count: step 1", "modern.count: step 2", "legacy.count: step 1", "legacy.count: step 2", "legacy.count finished"]));
    expect(logs).toEqual(expect.arrayContaining(["counted 1", "counted 3"]));
  });

  it("brings the upstreams' progress to a 2026 caller too, on its execute request", async () => {
    const { client } = await statelessClient("Faro");
    const progress: string[] = [];
    const result = await execute(client, `await tools.modern.count({ n: 3 }); await tools.legacy.count({ n: 3 }); return (await tools.modern.ask_city({})).data;`, {
      onprogress: ({ message }: { message?: string }) => progress.push(message ?? ""),
    });
    expect(result.result).toBe("city: Faro");
    expect(progress).toEqual(expect.arrayContaining(["modern.count: step 1", "legacy.count: step 2", "legacy.count finished"]));
  });

  it("tells concurrent executions' questions apart over HTTP, and declines on stdio where nothing says whose a question is", async () => {
    const { client } = await sessionClient({ city: "Lisbon" });
    for (const [upstream, expected] of [
      ["legacy", "city: Lisbon"],
      ["legacyStdio", "no city: decline"],
    ] as const) {
      let started: () => void = () => undefined;
      const slowStarted = new Promise<void>((resolve) => (started = resolve));
      const slow = execute(client, `return (await tools.${upstream}.slow({ ms: 1500 })).data;`, { onprogress: () => started() });
      await slowStarted;
      const asking = await execute(client, `const answer = await tools.${upstream}.ask_city({}); return answer.data ?? answer.error.message;`);
      expect(asking.result).toContain(expected);
      expect((await slow).result).toBe("slept 1500");
    }
    expect(logged).toContain(
      "The codemode gateway declined elicitation/create from legacyStdio: 2 executions have calls in flight on legacyStdio and the request does not say which one it belongs to.",
    );
  });

  it("declines for codemode exec, which has no client to ask, with the reason in the result's diagnostics", async () => {
    const folder = mkdtempSync(path.join(tmpdir(), "codemode-forward-"));
    try {
      const config = path.join(folder, "gateway.config.json");
      writeFileSync(config, JSON.stringify({ mcpServers: { modern: upstreamsConfig.modern, legacy: upstreamsConfig.legacy } }));
      const script = path.join(folder, "ask.js");
      writeFileSync(script, `return [(await tools.modern.ask_city({})).error?.message, (await tools.legacy.ask_city({})).error?.message];`);
      const [command, ...args] = cliCommand();
      const { stdout } = await run(command!, [...args, "exec", script, "--config", config], { cwd: PACKAGE_DIR });
      const printed = JSON.parse(stdout) as ExecutionResult;
      expect(printed.result).toEqual(["no city: decline", "no city: decline"]);
      expect(printed.diagnostics.map((diagnostic) => diagnostic.message)).toEqual([
        "The codemode gateway declined elicitation/create from modern: no MCP client is connected to this execution to answer it.",
        "The codemode gateway declined elicitation/create from legacy: no MCP client is connected to this execution to answer it.",
      ]);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
