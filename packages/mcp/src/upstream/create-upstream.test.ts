import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { Tool } from "@modelcontextprotocol/client";
import { afterEach, describe, expect, it } from "vitest";
import { ASKING_SERVER_2025, ASKING_SERVER_2026, freePort, startListening, until } from "../__fixtures__/fixtures.js";
import { createUpstream, type CreateUpstreamOptions, type Upstream } from "./create-upstream.js";

const FAULT_SERVER = fileURLToPath(new URL("../__fixtures__/fault-server.mjs", import.meta.url));
const FAULT_HTTP_SERVER = fileURLToPath(new URL("../__fixtures__/fault-http-server.mjs", import.meta.url));
const opened: Upstream[] = [];

function start(overrides: Partial<CreateUpstreamOptions> = {}, env: Record<string, string> = {}) {
  const seen: { tools: readonly Tool[]; logs: string[] } = { tools: [], logs: [] };
  const upstream = createUpstream(
    "faulty",
    { command: process.execPath, args: [FAULT_SERVER], env },
    {
      baseDir: process.cwd(),
      timeoutMs: 5_000,
      maxResponseBytes: 1024 * 1024,
      onTools: (tools) => (seen.tools = tools),
      log: (message) => seen.logs.push(message),
      backoff: { initialMs: 100, maxMs: 400 },
      ...overrides,
    },
  );
  opened.push(upstream);
  return { upstream, seen };
}

const echo = (upstream: Upstream) => until(() => upstream.callTool("echo", { text: "again" }, {}));
const failureOf = (promise: Promise<unknown>) => promise.then(() => Promise.reject(new Error("expected a failure")), (error) => error);

afterEach(async () => {
  await Promise.all(opened.splice(0).map((upstream) => upstream.close()));
});

describe("createUpstream", () => {
  it("lists tools through every page of the cursor", async () => {
    const { upstream, seen } = start();
    expect(await upstream.start()).toBe(true);
    expect(seen.tools.map((tool) => tool.name)).toContain("dotted.name/with space");
    expect(seen.tools).toHaveLength(18);
  });

  it("turns a hung call into a timeout at the per-call timeout, and keeps working", async () => {
    const { upstream } = start({ timeoutMs: 300 });
    await upstream.start();
    const error = await failureOf(upstream.callTool("hang", {}, {}));
    expect(error).toMatchObject({ name: "CodeModeError", code: "TIMEOUT", retryable: true });
    expect(error.message).toContain("300 ms");
    expect((await echo(upstream)).content).toEqual([{ type: "text", text: "echo: again" }]);
  });

  it("reports a crash as unavailable and reconnects", async () => {
    const { upstream } = start();
    await upstream.start();
    expect(await failureOf(upstream.callTool("crash", {}, {}))).toMatchObject({ code: "UNAVAILABLE" });
    expect((await echo(upstream)).content).toEqual([{ type: "text", text: "echo: again" }]);
  });

  it("reports a disconnect in the middle of a call as unavailable and reconnects", async () => {
    const { upstream } = start();
    await upstream.start();
    expect(await failureOf(upstream.callTool("disconnect", {}, {}))).toMatchObject({ code: "UNAVAILABLE" });
    expect((await echo(upstream)).content).toEqual([{ type: "text", text: "echo: again" }]);
  });

  it("reports a malformed result as a tool error", async () => {
    const { upstream } = start();
    await upstream.start();
    const error = await failureOf(upstream.callTool("malformed", {}, {}));
    expect(error).toMatchObject({ code: "TOOL_ERROR" });
    expect(error.message).toContain("malformed result for faulty.malformed");
    expect((await echo(upstream)).content).toHaveLength(1);
  });

  it("refuses an answer over maxResponseBytes and works again after reconnecting", async () => {
    const { upstream } = start();
    await upstream.start();
    const error = await failureOf(upstream.callTool("huge", { mb: 12 }, {}));
    expect(error).toMatchObject({ code: "LIMIT_EXCEEDED" });
    expect(error.message).toContain("1048576-byte limit");
    expect((await echo(upstream)).content).toHaveLength(1);
  });

  it("forwards cancellation through the AbortSignal", async () => {
    const { upstream } = start();
    await upstream.start();
    const controller = new AbortController();
    const call = failureOf(upstream.callTool("slow", { ms: 20_000 }, { signal: controller.signal }));
    setTimeout(() => controller.abort(), 50);
    expect(await call).toMatchObject({ code: "CANCELLED" });
  });

  it("refreshes its tools on notifications/tools/list_changed", async () => {
    const { upstream, seen } = start();
    await upstream.start();
    await upstream.callTool("add_tool", { name: "late_arrival" }, {});
    await until(() => seen.tools.some((tool) => tool.name === "late_arrival"));
    expect(seen.tools).toHaveLength(19);
  });

  it("retries a server that is down at start, and its tools appear when it comes up", async () => {
    const folder = mkdtempSync(path.join(tmpdir(), "codemode-down-"));
    const flag = path.join(folder, "down");
    writeFileSync(flag, "");
    try {
      const { upstream, seen } = start({}, { FAULT_DOWN_WHILE: flag });
      expect(await upstream.start()).toBe(false);
      expect(upstream.status).toBe("down");
      expect(seen.logs.join("\n")).toMatch(/upstream faulty is down .*retrying in 100 ms/);
      expect(await failureOf(upstream.callTool("echo", {}, {}))).toMatchObject({ code: "UNAVAILABLE" });
      rmSync(flag);
      await until(() => seen.tools.length === 18);
      expect(upstream.status).toBe("connected");
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });

  it("tells what the server made happen (its tools changed, it went down, it came back), and refresh retries at once", async () => {
    const changes: string[] = [];
    const folder = mkdtempSync(path.join(tmpdir(), "codemode-refresh-"));
    const flag = path.join(folder, "down");
    try {
      // A backoff far past the test's length: only refresh can bring it back in time.
      const { upstream, seen } = start({ onChange: (kind) => changes.push(kind), backoff: { initialMs: 60_000, maxMs: 60_000 } }, { FAULT_DOWN_WHILE: flag });
      await upstream.start();
      await upstream.callTool("add_tool", { name: "fresh" }, {});
      await until(() => changes.includes("tools_changed"));
      writeFileSync(flag, "");
      await failureOf(upstream.callTool("crash", {}, {}));
      await until(() => changes.includes("down") && upstream.status === "down");
      rmSync(flag);
      await upstream.refresh();
      expect(upstream.status).toBe("connected");
      expect(changes).toEqual(["tools_changed", "down", "up"]);
      // A refresh while connected lists again and tells nothing: it was not the server's doing.
      seen.tools = [];
      await upstream.refresh();
      expect(seen.tools).toHaveLength(18);
      expect(changes).toHaveLength(3);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });

  it.each([
    ["an event stream", "0"],
    ["a JSON body", "1"],
  ])("refuses an answer over maxResponseBytes from an HTTP upstream sent as %s", async (_kind, json) => {
    const port = await freePort();
    const child = spawn(process.execPath, [FAULT_HTTP_SERVER], { env: { ...process.env, PORT: String(port), JSON_RESPONSE: json }, stdio: ["ignore", "ignore", "pipe"] });
    try {
      await new Promise((resolve) => child.stderr.once("data", resolve));
      const upstream = createUpstream("remote", { url: `http://127.0.0.1:${port}/mcp` }, {
        baseDir: process.cwd(),
        timeoutMs: 20_000,
        maxResponseBytes: 1024 * 1024,
        onTools: () => undefined,
        log: () => undefined,
      });
      opened.push(upstream);
      expect(await upstream.start()).toBe(true);
      const started = Date.now();
      expect(await failureOf(upstream.callTool("huge", { mb: 3 }, {}))).toMatchObject({ code: "LIMIT_EXCEEDED" });
      // Well before the 20 s call timeout: the refused message ends the call at once.
      expect(Date.now() - started).toBeLessThan(15_000);
      expect((await until(() => upstream.callTool("echo", { text: "small" }, {}))).content).toEqual([{ type: "text", text: "echo: small" }]);
    } finally {
      child.kill();
    }
  });

  it("hears of a 2026-07-28 server's new tools on its subscriptions/listen stream", async () => {
    const seen: { tools: readonly Tool[] } = { tools: [] };
    const upstream = createUpstream("modern", { command: process.execPath, args: [ASKING_SERVER_2026] }, {
      baseDir: process.cwd(),
      timeoutMs: 10_000,
      maxResponseBytes: 1024 * 1024,
      onTools: (tools) => (seen.tools = tools),
      log: () => undefined,
    });
    opened.push(upstream);
    await upstream.start();
    expect(upstream.protocolVersion).toBe("2026-07-28");
    await upstream.callTool("add_tool", { name: "late_arrival" }, {});
    await until(() => seen.tools.some((tool) => tool.name === "late_arrival"));
    expect(((await upstream.callTool("late_arrival", {}, {})).content as { text: string }[])[0]?.text).toBe("called late_arrival");
  });

  describe.each([
    ["2026-07-28", ASKING_SERVER_2026, "2026-07-28"],
    ["2025-11-25", ASKING_SERVER_2025, "2025"],
  ])("with a %s server", (version, server, answered) => {
    const text = (result: { content: unknown }) => (result.content as { text: string }[])[0]?.text;
    const connect = (config: Parameters<typeof createUpstream>[1]) => {
      const upstream = createUpstream("asking", config, { baseDir: process.cwd(), timeoutMs: 10_000, maxResponseBytes: 1024 * 1024, onTools: () => undefined, log: () => undefined, backoff: { initialMs: 50, maxMs: 50 } });
      opened.push(upstream);
      return upstream;
    };

    it("speaks the newest revision the server does, over stdio and over HTTP", async () => {
      const port = await freePort();
      const child = await startListening([server], { PORT: String(port) });
      try {
        for (const upstream of [connect({ command: process.execPath, args: [server] }), connect({ url: `http://127.0.0.1:${port}/mcp` })]) {
          expect(await upstream.start()).toBe(true);
          expect(upstream.protocolVersion).toBe(version);
          expect(text(await upstream.callTool("era", {}, {}))).toBe(answered);
        }
      } finally {
        child.kill();
      }
    });

    it("remembers the server's era when it reconnects, so a crashed stdio server is started once more, not twice", async () => {
      const folder = mkdtempSync(path.join(tmpdir(), "codemode-starts-"));
      const starts = path.join(folder, "starts");
      writeFileSync(starts, "");
      const count = () => readFileSync(starts, "utf8").split("\n").filter(Boolean).length;
      try {
        const upstream = connect({ command: process.execPath, args: [server], env: { STARTS_FILE: starts } });
        await upstream.start();
        // The first connection finds the era on a short-lived sibling process, then starts the one it keeps.
        expect(count()).toBe(2);
        expect(await failureOf(upstream.callTool("crash", {}, {}))).toMatchObject({ code: "UNAVAILABLE" });
        expect(text(await until(() => upstream.callTool("era", {}, {})))).toBe(answered);
        expect(upstream.protocolVersion).toBe(version);
        expect(count()).toBe(3);
      } finally {
        rmSync(folder, { recursive: true, force: true });
      }
    });
  });
});

