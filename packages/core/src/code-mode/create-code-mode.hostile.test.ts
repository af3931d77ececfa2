import { afterAll, describe, expect, it } from "vitest";
import { defineTool } from "../tools/index.js";
import type { CodeMode } from "./code-mode.js";
import { createCodeMode } from "./create-code-mode.js";

// A hostile script against the host itself: what it sends is bounded before the host sees it, what a tool throws
// becomes an envelope, and execute() returns a result whatever the script does.

const MiB = 1024 * 1024;
let received = 0;

const revoked = () => {
  const { proxy, revoke } = Proxy.revocable({}, {});
  revoke();
  return proxy;
};
const tools = [
  defineTool({
    name: "odd.getter",
    description: "Throws an error whose message getter throws.",
    execute: async () => {
      throw Object.defineProperty(new Error("hidden"), "message", { get: () => { throw new Error("boom"); } });
    },
  }),
  defineTool({ name: "odd.revoked", description: "Throws a revoked Proxy.", execute: async () => { throw revoked(); } }),
  defineTool({ name: "odd.symbol", description: "Throws a symbol.", execute: async () => { throw Symbol("odd"); } }),
  defineTool({ name: "odd.returns_revoked", description: "Returns a revoked Proxy.", execute: async () => revoked() }),
  defineTool({
    name: "odd.returns_getter",
    description: "Returns data whose getter throws an error whose message getter throws.",
    execute: async () => ({
      get field() {
        throw Object.defineProperty(new Error("x"), "message", { get: () => { throw new Error("boom"); } });
      },
    }),
  }),
  defineTool({
    name: "odd.fail",
    description: "Fails with a message of `bytes` bytes.",
    inputSchema: { type: "object", properties: { bytes: { type: "integer" } } },
    execute: async ({ bytes }: { bytes: number }) => {
      throw new Error("e".repeat(bytes));
    },
  }),
  defineTool({
    name: "odd.count",
    description: "Counts the bytes of arguments it receives.",
    execute: async (args: unknown) => {
      received += Buffer.byteLength(JSON.stringify(args));
      return null;
    },
  }),
];

const opened: CodeMode[] = [];
const open = (options: Parameters<typeof createCodeMode>[0] = {}) => {
  const codeMode = createCodeMode({ tools, poolSize: 1, ...options });
  opened.push(codeMode);
  return codeMode;
};
afterAll(() => Promise.all(opened.map((codeMode) => codeMode.close())));

describe("createCodeMode against a hostile script", () => {
  it("answers anything a tool throws or returns that throws when read with tool_error, and goes on", async () => {
    const codeMode = open();
    const result = await codeMode.execute(`
      const names = ["getter", "revoked", "symbol", "returns_revoked", "returns_getter"];
      const out = [];
      for (const name of names) { const r = await tools.odd[name]({}); out.push(r.ok ? "ok" : r.error.code); }
      return out;`);
    expect(result).toMatchObject({ status: "completed", result: ["tool_error", "tool_error", "tool_error", "tool_error", "tool_error"] });
    expect((await codeMode.execute("return 1")).result).toBe(1);
  });

  it("cuts a tool's error message to maxToolResultBytes, as it would a result", async () => {
    const codeMode = open({ limits: { maxToolResultBytes: 256 * 1024 } });
    const result = await codeMode.execute(`const r = await tools.odd.fail({ bytes: ${7 * MiB} }); return [r.error.code, r.error.message.length];`);
    const [code, length] = result.result as [string, number];
    expect(code).toBe("tool_error");
    expect(length).toBeLessThanOrEqual(256 * 1024);
  });

  it("answers 251 calls of a 4 MiB tool name with not_found, and records no more than a tool name's length of each", async () => {
    const codeMode = open({ limits: { maxHostCalls: 300 } });
    const result = await codeMode.execute(
      `const name = "x".repeat(4 * 1024 * 1024) + ".read_page"; const codes = new Set();
       for (let i = 0; i < 251; i++) codes.add((await tools[name]({})).error.code);
       return [...codes];`,
      { allow: ["*.read_*"] },
    );
    expect(result).toMatchObject({ status: "completed", result: ["not_found"] });
    expect(result.toolCalls).toHaveLength(251);
    for (const record of result.toolCalls) expect(record.tool.length).toBeLessThan(100);
  });

  it("fails a value-style run with ToolCallFailed listing every call within maxOutputBytes, whatever their messages", async () => {
    const codeMode = open({ callStyle: "value", limits: { maxHostCalls: 300, maxOutputBytes: 16 * 1024 } });
    const result = await codeMode.execute(`
      for (let i = 0; i < 250; i++) { try { await tools.odd.fail({ bytes: 64 * 1024 }); } catch {} }
      await tools.odd.fail({ bytes: 10 });`);
    expect(result.status).toBe("failed");
    expect(result.error?.kind).toBe("ToolCallFailed");
    expect(result.error?.message).toMatch(/Tool calls in submission order: 1\. odd\.fail failed: tool_error: e+… \(65536 bytes\); 2\./);
    expect(Buffer.byteLength(JSON.stringify(result))).toBeLessThanOrEqual(16 * 1024);
  });

  it("lets the host receive no more than maxTotalArgumentBytes of arguments in a run", async () => {
    const codeMode = open({ limits: { maxArgumentBytes: MiB, maxTotalArgumentBytes: 4 * MiB, maxHostCalls: 300 } });
    received = 0;
    const result = await codeMode.execute(`
      const text = "a".repeat(${MiB - 64}); const codes = {};
      for (let i = 0; i < 20; i++) { const r = await tools.odd.count({ text }); const code = r.ok ? "ok" : r.error.code; codes[code] = (codes[code] ?? 0) + 1; }
      const big = await tools.odd.count({ text: text + text });
      return [codes, big.error.code];`);
    expect(result.result).toEqual([{ ok: 4, limit_exceeded: 16 }, "limit_exceeded"]);
    expect(received).toBeLessThanOrEqual(4 * MiB);
  });
});
