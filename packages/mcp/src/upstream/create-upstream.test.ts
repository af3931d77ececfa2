import type { ChildProcess } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Tool } from "@modelcontextprotocol/client";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ASKING_SERVER_2025, ASKING_SERVER_2026, FAULT_HTTP_SERVER, FAULT_SERVER, freePort, SSE_SERVER, startListening, until } from "../__fixtures__/fixtures.js";
import { createUpstream, type CreateUpstreamOptions, type Upstream } from "./create-upstream.js";

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
    expect(seen.tools).toHaveLength(20);
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

  it("stays idle until a call needs it, and that call waits for the server to start", async () => {
    const { upstream, seen } = start({}, { FAULT_START_DELAY_MS: "1000" });
    expect(upstream.status).toBe("idle");
    const answer = upstream.callTool("echo", { text: "first" }, {});
    expect(upstream.status).toBe("connecting");
    expect((await answer).content).toEqual([{ type: "text", text: "echo: first" }]);
    expect(seen.logs.filter((line) => /is starting|is up with 20 tools/.test(line))).toHaveLength(2);
  });

  it("gives up waiting for a server still starting at the call's timeout, and names it and the key that gives it longer", async () => {
    const { upstream } = start({ timeoutMs: 300 }, { FAULT_START_DELAY_MS: "3000" });
    const error = await failureOf(upstream.callTool("echo", {}, {}));
    expect(error).toMatchObject({ code: "UNAVAILABLE" });
    expect(error.message).toBe(
      "Upstream faulty is still starting after 300 ms, so the call to faulty.echo gave up waiting for it; a server that starts slowly needs a larger mcpServers.faulty.timeoutMs.",
    );
  });

  it("names a server too slow to start, and the key that gives it longer", async () => {
    const { upstream } = start({ connectTimeoutMs: 300 }, { FAULT_START_DELAY_MS: "3000" });
    expect(await upstream.start()).toBe(false);
    expect(upstream.error).toBe("it gave no answer within 300 ms of starting; a server that starts slowly needs a larger mcpServers.faulty.timeoutMs");
  });

  it("names a command that is not on PATH and the key to fix, once however often it retries", async () => {
    const seen: string[] = [];
    const upstream = createUpstream("fs", { command: "no-such-mcp-server", args: [] }, {
      baseDir: process.cwd(),
      timeoutMs: 5_000,
      maxResponseBytes: 1024 * 1024,
      onTools: () => undefined,
      log: (message) => seen.push(message),
      backoff: { initialMs: 20, maxMs: 20 },
    });
    opened.push(upstream);
    expect(await upstream.start()).toBe(false);
    const reason = 'the command "no-such-mcp-server" was not found on PATH; install it, or write its full path in mcpServers.fs.command';
    expect(upstream.error).toBe(reason);
    // Several retries, each failing the same way.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(seen.filter((line) => line.includes("is down"))).toEqual([`upstream fs is down (${reason}); retrying in 20 ms`]);
    expect(seen.join("\n")).not.toContain("ENOENT");
    const error = await failureOf(upstream.callTool("read_file", {}, {}));
    expect(error).toMatchObject({ code: "UNAVAILABLE", message: `Upstream fs is down (${reason}); retrying.` });
  });

  it("starts a server that exits on the era probe once more, straight to the handshake", async () => {
    const folder = mkdtempSync(path.join(tmpdir(), "codemode-probe-"));
    const starts = path.join(folder, "starts");
    try {
      const { upstream } = start({}, { FAULT_EXIT_BEFORE_INITIALIZE: "1", STARTS_FILE: starts });
      expect(await upstream.start()).toBe(true);
      expect(readFileSync(starts, "utf8").split("\n").filter(Boolean)).toHaveLength(2);
      expect((await upstream.callTool("echo", { text: "x" }, {})).content).toEqual([{ type: "text", text: "echo: x" }]);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });

  it("tells a tool the server no longer lists apart from a server that is down: not_found, with the reason", async () => {
    const { upstream, seen } = start();
    await upstream.start();
    await upstream.callTool("remove_tool", { name: "fail" }, {});
    await until(() => !seen.tools.some((tool) => tool.name === "fail"));
    const error = await failureOf(upstream.callTool("fail", {}, {}));
    expect(error).toMatchObject({ code: "NOT_FOUND" });
    expect(error.message).toContain('Upstream faulty no longer offers the tool "fail"');
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
    expect(seen.tools).toHaveLength(21);
  });

  it("retries a server that is down at start, and its tools appear when it comes up", async () => {
    const folder = mkdtempSync(path.join(tmpdir(), "codemode-down-"));
    const flag = path.join(folder, "down");
    writeFileSync(flag, "");
    try {
      const { upstream, seen } = start({}, { FAULT_DOWN_WHILE: flag });
      expect(await upstream.start()).toBe(false);
      expect(upstream.status).toBe("down");
      // What the server said on stderr as it exited is the reason given.
      expect(seen.logs).toContain('upstream faulty is down (the server closed the connection as it started; its stderr said "fault-server: refusing to start"); retrying in 100 ms');
      expect(await failureOf(upstream.callTool("echo", {}, {}))).toMatchObject({ code: "UNAVAILABLE" });
      rmSync(flag);
      await until(() => seen.tools.length === 20);
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
      expect(seen.tools).toHaveLength(20);
      expect(changes).toHaveLength(3);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });

  describe.each([
    ["stdio", () => ({ command: process.execPath, args: [FAULT_SERVER] }), undefined],
    ["Streamable HTTP, answering with an event stream", (port: number) => ({ url: `http://127.0.0.1:${port}/mcp` }), [FAULT_HTTP_SERVER, "0"]],
    ["Streamable HTTP, answering with a JSON body", (port: number) => ({ url: `http://127.0.0.1:${port}/mcp` }), [FAULT_HTTP_SERVER, "1"]],
    ["legacy HTTP+SSE", (port: number) => ({ url: `http://127.0.0.1:${port}/sse`, type: "sse" as const }), [SSE_SERVER, "0"]],
  ] as const)("over %s, a bad answer fails its own call and the next call to the same upstream succeeds at once", (_transport, configOf, server) => {
    let child: ChildProcess | undefined;
    let upstream: Upstream;
    const logs: string[] = [];

    beforeEach(async () => {
      const port = await freePort();
      if (server) child = await startListening([server[0]], { PORT: String(port), JSON_RESPONSE: server[1] });
      logs.length = 0;
      // A call timeout far past the test's length: only the gateway's own refusal can end the bad call in time.
      upstream = createUpstream("bad", configOf(port), {
        baseDir: process.cwd(),
        timeoutMs: 120_000,
        maxResponseBytes: 1024 * 1024,
        onTools: () => undefined,
        log: (message) => logs.push(message),
      });
      opened.push(upstream);
      expect(await upstream.start()).toBe(true);
    });

    afterEach(() => {
      child?.kill();
      child = undefined;
    });

    const small = async () => {
      const status = upstream.status;
      const answer = await upstream.callTool("echo", { text: "small" }, {});
      // The connection was never dropped: no reconnect stood between the bad answer and this call.
      expect(status).toBe("connected");
      expect(answer.content).toEqual([{ type: "text", text: "echo: small" }]);
    };

    it("a 20 MB answer is limit_exceeded naming the key that raises it, and logged", async () => {
      const error = await failureOf(upstream.callTool("huge", { mb: 20 }, {}));
      expect(error).toMatchObject({ code: "LIMIT_EXCEEDED" });
      expect(error.message).toBe("Upstream bad.huge answered with more than the 1048576-byte limit; limits.maxResponseBytes (or mcpServers.bad.maxResponseBytes) raises it.");
      await small();
      expect(logs.join("\n")).toContain("upstream bad answered bad.huge with more than 1048576 bytes; that call failed");
    });

    it("a malformed result is a tool error, and logged", async () => {
      const error = await failureOf(upstream.callTool("malformed", {}, {}));
      expect(error).toMatchObject({ code: "TOOL_ERROR" });
      expect(error.message).toContain("malformed result for bad.malformed");
      await small();
      expect(logs.join("\n")).toMatch(/upstream bad answered bad\.malformed with a malformed result \(.+\); that call failed, the connection goes on/);
    });

    it("a result nested 100,000 deep is a tool error, and logged", async () => {
      const error = await failureOf(upstream.callTool("deep", { depth: 100_000 }, {}));
      expect(error).toMatchObject({ code: "TOOL_ERROR", message: "Upstream bad returned a result for bad.deep nested too deeply to read." });
      await small();
      expect(logs.join("\n")).toContain("upstream bad answered bad.deep with a malformed result (nested too deeply to read)");
    });
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

    it("starts a stdio server once whichever era it speaks, and once more after a crash", async () => {
      const folder = mkdtempSync(path.join(tmpdir(), "codemode-starts-"));
      const starts = path.join(folder, "starts");
      writeFileSync(starts, "");
      const count = () => readFileSync(starts, "utf8").split("\n").filter(Boolean).length;
      try {
        const upstream = connect({ command: process.execPath, args: [server], env: { STARTS_FILE: starts } });
        await upstream.start();
        // The era probe goes to the process the connection keeps.
        expect(count()).toBe(1);
        expect(await failureOf(upstream.callTool("crash", {}, {}))).toMatchObject({ code: "UNAVAILABLE" });
        expect(text(await until(() => upstream.callTool("era", {}, {})))).toBe(answered);
        expect(upstream.protocolVersion).toBe(version);
        expect(count()).toBe(2);
      } finally {
        rmSync(folder, { recursive: true, force: true });
      }
    });
  });
});

