import { afterAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { CodeModeError } from "../errors/index.js";
import { defineTool, toolResult, type ToolExecutionContext } from "../tools/index.js";
import type { CodeMode } from "./code-mode.js";
import { createCodeMode } from "./create-code-mode.js";

const calls: { name: string; args: unknown; context: ToolExecutionContext }[] = [];
const record = (name: string) => (args: unknown, context: ToolExecutionContext) => {
  calls.push({ name, args, context });
};

const tools = [
  defineTool({
    name: "billing.list_invoices",
    description: "List invoices of a customer.",
    inputSchema: z.object({ customer: z.string() }),
    execute: async (args, context) => {
      record("billing.list_invoices")(args, context);
      return [{ id: "in_1", customer: args.customer, total: 120 }];
    },
  }),
  defineTool({
    name: "billing.refund",
    description: "Refund an invoice.",
    inputSchema: { type: "object", properties: { id: { type: "string" } }, required: ["id"] },
    execute: async (args: { id: string }) => ({ refunded: args.id }),
  }),
  defineTool({
    name: "crm.accounts.find",
    description: "Find an account; its local name holds a dot.",
    execute: async () => ({ found: true }),
  }),
  defineTool({
    name: "crm.flaky",
    description: "Fails the way a down upstream does.",
    execute: async () => {
      throw new CodeModeError("UNAVAILABLE", "CRM is down.");
    },
  }),
  defineTool({
    name: "crm.broken",
    description: "Throws a plain error with a host stack.",
    execute: async () => {
      throw new Error("database password is wrong");
    },
  }),
  defineTool({
    name: "media.snapshot",
    description: "Returns bytes, a date, a bigint and dropped content.",
    execute: async () =>
      toolResult({ png: new Uint8Array([137, 80, 78, 71]), at: new Date(Date.UTC(2026, 0, 2)), big: 2n ** 70n }, { omitted: 2 }),
  }),
  defineTool({
    name: "media.cyclic",
    description: "Returns a value JSON cannot hold.",
    execute: async () => {
      const value: Record<string, unknown> = {};
      value.self = value;
      return value;
    },
  }),
  defineTool({
    name: "util.echo",
    description: "Echoes its arguments.",
    execute: async (args: unknown, context) => {
      record("util.echo")(args, context);
      return args;
    },
  }),
];

describe("createCodeMode", () => {
  // The run itself is under test: scripts the check would refuse (an unknown tool, arguments the schema rules out)
  // must reach the sandbox and the tools here. create-code-mode.check.test.ts covers the check.
  const codeMode: CodeMode = createCodeMode({ tools, poolSize: 2, limits: { timeoutMs: 15_000 }, check: "off" });
  afterAll(() => codeMode.close());

  it("returns what the script returns, and null for undefined", async () => {
    const one = await codeMode.execute("return 1 + 1");
    expect(one).toMatchObject({ status: "completed", result: 2, error: null, logs: [], toolCalls: [] });
    expect(one.durationMs).toBeGreaterThanOrEqual(0);
    expect((await codeMode.execute("const x = 1;")).result).toBeNull();
  });

  it("runs an async body with top-level await", async () => {
    const result = await codeMode.execute("const value = await Promise.resolve(20); return value + 1;");
    expect(result.result).toBe(21);
  });

  it("strips markdown fences and TypeScript types", async () => {
    const result = await codeMode.execute("```ts\nconst n: number = 3;\ninterface A { x: string }\nreturn n * 2;\n```");
    expect(result).toMatchObject({ status: "completed", result: 6 });
  });

  it("fails with a ParseError naming line and column for rejected TypeScript and for syntax errors", async () => {
    const typescript = await codeMode.execute("const a = 1;\nenum Color { Red }");
    expect(typescript.error).toMatchObject({ kind: "ParseError", line: 2 });
    const syntax = await codeMode.execute("const a = 1;\nconst b = ;");
    expect(syntax.error).toMatchObject({ kind: "ParseError", line: 2 });
    expect(syntax.error?.message).toMatch(/SyntaxError/);
  });

  it("reports an uncaught throw as a ScriptError at its line in the user's source, keeping logs and calls", async () => {
    const result = await codeMode.execute(
      'console.log("before");\nawait tools.util.echo({ a: 1 });\nconst x: any = null;\nx.boom();',
    );
    expect(result.status).toBe("failed");
    expect(result.error).toMatchObject({ kind: "ScriptError", line: 4 });
    expect(result.error?.message).toMatch(/TypeError/);
    expect(result.logs).toEqual(["before"]);
    expect(result.toolCalls).toMatchObject([{ tool: "util.echo", ok: true }]);
  });

  it("locates a property read on undefined wherever it happens: initialiser, return, after await, .then", async () => {
    const cases: [string, { line: number; column: number }][] = [
      ["const x = undefined;\nconst c = x.a.b;\nreturn c;", { line: 2, column: 12 }],
      ["const x = undefined;\nreturn x.a;", { line: 2, column: 9 }],
      ['const r = await tools.crm.flaky({});\nconst n = r.data.length;\nreturn n;', { line: 2, column: 17 }],
      ['const r = await tools.util.echo({});\nconst n = await Promise.resolve(r).then((v) => {\n  return v.missing.length;\n});\nreturn n;', { line: 3, column: 19 }],
      ['await null;\nconst é = "😀"; return é.a.b;', { line: 2, column: 27 }],
    ];
    for (const [code, position] of cases) {
      const result = await codeMode.execute(code);
      expect(result.error, code).toMatchObject({ kind: "ScriptError", ...position });
      expect(result.error?.message, code).toMatch(/TypeError: cannot read property/);
    }
  });

  it("gives the script its args as a deeply frozen global, [] by default", async () => {
    const given = await codeMode.execute("return { args, frozen: Object.isFrozen(args) && Object.isFrozen(args[1]) };", {
      args: ["a", { b: [1, 2] }],
    });
    expect(given.result).toEqual({ args: ["a", { b: [1, 2] }], frozen: true });
    const changed = await codeMode.execute('"use strict"; args[1].b.push(3); return args;', { args: ["a", { b: [1] }] });
    expect(changed.error).toMatchObject({ kind: "ScriptError", message: expect.stringMatching(/TypeError/) });
    const replaced = await codeMode.execute("globalThis.args = 1; return args;", { args: { x: 1 } });
    expect(replaced.result).toEqual({ x: 1 });
    expect((await codeMode.execute("return args;")).result).toEqual([]);
    // A local of the same name is the script's own business.
    expect((await codeMode.execute("const args = 5; return args;", { args: [1] })).result).toBe(5);
  });

  it("throws INVALID_OPTIONS for args that are not JSON, before running anything", async () => {
    const before = calls.length;
    await expect(codeMode.execute('await tools.util.echo({}); return 1;', { args: [() => 1] })).rejects.toMatchObject({
      name: "CodeModeError",
      code: "INVALID_OPTIONS",
    });
    await expect(codeMode.execute("return 1", { args: { when: new Date() } })).rejects.toMatchObject({ code: "INVALID_OPTIONS" });
    expect(calls.length).toBe(before);
  });

  it("resolves a tool call to a success envelope and records it", async () => {
    const result = await codeMode.execute('return await tools.billing.list_invoices({ customer: "c_1" });');
    expect(result.result).toEqual({ ok: true, data: [{ id: "in_1", customer: "c_1", total: 120 }], meta: { omitted: 0 } });
    expect(result.toolCalls).toHaveLength(1);
    expect(result.toolCalls[0]).toMatchObject({ tool: "billing.list_invoices", ok: true });
  });

  it("calls a tool whose local name holds dots", async () => {
    const result = await codeMode.execute("return (await tools.crm.accounts.find({})).data;");
    expect(result.result).toEqual({ found: true });
  });

  it("names the nearest tool the caller may use in a not_found envelope, and never echoes a name longer than a tool's", async () => {
    const near = await codeMode.execute("const name = 'list_invoice'; return (await tools.billing[name]({})).error.message;");
    expect(near.result).toBe('No tool named "billing.list_invoice" is available; did you mean tools.billing.list_invoices?');
    const forbidden = await codeMode.execute("const name = 'ech'; return (await tools.util[name]({})).error.message;", { allow: ["billing.*"] });
    expect(forbidden.result).toBe('No tool named "util.ech" is available.');
    const long = await codeMode.execute("const name = 'x'.repeat(5000); return (await tools.billing[name]({})).error.message;");
    // Answered in the sandbox from the name's length alone: the name itself never reaches the host.
    expect(long.result).toBe("No tool named (a name of 5008 characters) is available: a name has at most 128 characters.");
  });

  it("answers an unknown tool and a forbidden one with the same not_found envelope", async () => {
    const unknown = await codeMode.execute("return await tools.billing.nothing({ id: 'x' });", { allow: ["billing.*"] });
    const forbidden = await codeMode.execute("return await tools.util.echo({ id: 'x' });", { allow: ["billing.*"] });
    const shape = { ok: false, error: { code: "not_found", retryable: false } };
    expect(unknown.result).toMatchObject(shape);
    expect(forbidden.result).toMatchObject(shape);
    const message = (text: string) => text.replace(/"[^"]+"/, '"<name>"');
    expect(message((unknown.result as any).error.message)).toBe(message((forbidden.result as any).error.message));
  });

  it("rejects arguments that fail the schema before the tool runs", async () => {
    calls.length = 0;
    const result = await codeMode.execute("return await tools.billing.list_invoices({ customer: 42 });");
    expect(result.result).toMatchObject({ ok: false, error: { code: "invalid_arguments" } });
    expect(result.toolCalls).toMatchObject([{ tool: "billing.list_invoices", ok: false, errorCode: "invalid_arguments" }]);
    expect(calls).toHaveLength(0);
  });

  it("rejects arguments that are not JSON in the guest, without calling the tool", async () => {
    calls.length = 0;
    const result = await codeMode.execute(`
      const cyclic = {}; cyclic.self = cyclic;
      return [
        await tools.util.echo({ f: () => 1 }),
        await tools.util.echo(cyclic),
        await tools.util.echo({ n: 10n }),
      ].map((r) => r.ok || r.error.code);`);
    expect(result.result).toEqual(["invalid_arguments", "invalid_arguments", "invalid_arguments"]);
    expect(result.toolCalls.map((call) => call.errorCode)).toEqual(["invalid_arguments", "invalid_arguments", "invalid_arguments"]);
    expect(calls).toHaveLength(0);
  });

  it("lets a tool choose the error code with CodeModeError and keeps host stacks out", async () => {
    const result = await codeMode.execute("return [await tools.crm.flaky({}), await tools.crm.broken({})];");
    expect(result.result).toEqual([
      { ok: false, error: { code: "unavailable", message: "CRM is down.", retryable: true } },
      { ok: false, error: { code: "tool_error", message: "database password is wrong", retryable: false } },
    ]);
    expect(JSON.stringify(result)).not.toMatch(/create-code-mode\.test|node_modules|\bat \w/);
  });

  it("delivers bytes as Uint8Array, dates as ISO strings, bigints as strings and meta.omitted", async () => {
    const result = await codeMode.execute(`
      const r = await tools.media.snapshot({});
      return { isBytes: r.data.png instanceof Uint8Array, first: r.data.png[0], length: r.data.png.length,
               at: r.data.at, big: r.data.big, omitted: r.meta.omitted };`);
    expect(result.result).toEqual({ isBytes: true, first: 137, length: 4, at: "2026-01-02T00:00:00.000Z", big: "1180591620717411303424", omitted: 2 });
  });

  it("turns a tool result that cannot be serialised into a tool_error", async () => {
    const result = await codeMode.execute("return await tools.media.cyclic({});");
    expect(result.result).toMatchObject({ ok: false, error: { code: "tool_error" } });
    expect((result.result as any).error.message).toMatch(/cannot be sent/);
  });

  it("passes the caller's context and a unique call id to every tool", async () => {
    calls.length = 0;
    const context = { user: "u_1" };
    await codeMode.execute("await tools.util.echo({}); await tools.util.echo({});", { context });
    expect(calls.map((call) => call.context.context)).toEqual([context, context]);
    const [first, second] = calls.map((call) => call.context.callId);
    expect(typeof first).toBe("string");
    expect(first).not.toBe(second);
  });

  it("keeps tools unenumerable and unchangeable, and harmless to await", async () => {
    const keys = await codeMode.execute("return Object.keys(tools);");
    expect(keys.error).toMatchObject({ kind: "ScriptError" });
    const assign = await codeMode.execute("tools.billing = 1;");
    expect(assign.error).toMatchObject({ kind: "ScriptError" });
    const awaited = await codeMode.execute("const ns = await tools.billing; return typeof ns.list_invoices;");
    expect(awaited.result).toBe("function");
  });

  it("writes console lines, joining arguments and encoding non-strings as JSON", async () => {
    const result = await codeMode.execute('console.log("a", 1, { b: [2] }); console.error("oops"); console.info(null, undefined);');
    expect(result.logs).toEqual(['a 1 {"b":[2]}', "oops", "null undefined"]);
  });

  it("fails at once with NeverSettled when the script awaits a promise nothing can settle", async () => {
    const started = Date.now();
    const result = await codeMode.execute("await new Promise(() => {}); return 1;");
    expect(result.error).toMatchObject({ kind: "NeverSettled" });
    expect(Date.now() - started).toBeLessThan(10_000);
  });

  it("searches and describes through the script's catalog, seeing only allowed tools", async () => {
    const result = await codeMode.execute(
      `const found = await catalog.search({ query: "invoices" });
       const hidden = await catalog.describe({ tool: "util.echo" });
       const bad = await catalog.list({ limit: "many" });
       return { names: found.data.items.map((item) => item.name), hidden: hidden.error.code, bad: bad.error.code };`,
      { allow: ["billing.*"] },
    );
    expect(result.result).toEqual({ names: ["billing.list_invoices", "billing.refund"], hidden: "not_found", bad: "invalid_arguments" });
  });

  it("offers the same catalog, declarations and prompt to the host", async () => {
    const page = await codeMode.catalog.search({ query: "refund" }, { allow: ["billing.*"] });
    expect(page.items[0]?.name).toBe("billing.refund");
    expect(codeMode.catalog.count({}, { allow: ["crm.*"] }).total).toBe(3);
    expect(codeMode.declarations({ allow: ["billing.*"] })).toMatch(/list_invoices/);
    expect(codeMode.declarations({ allow: ["billing.*"] })).not.toMatch(/echo/);
    expect(codeMode.prompt()).toEqual(expect.any(String));
  });
});

describe("createCodeMode options", () => {
  it("replaces the tool set with setTools", async () => {
    const codeMode = createCodeMode({ tools: [], poolSize: 1, check: "off" });
    try {
      expect((await codeMode.execute("return (await tools.util.echo({ a: 1 })).ok")).result).toBe(false);
      codeMode.setTools([tools[tools.length - 1]!]);
      expect((await codeMode.execute("return (await tools.util.echo({ a: 1 })).data")).result).toEqual({ a: 1 });
      expect(codeMode.catalog.count().total).toBe(1);
    } finally {
      await codeMode.close();
    }
  });

  it("lets a running execution keep the tools it started with when setTools replaces them", async () => {
    let release: () => void = () => {};
    let entered: () => void = () => {};
    const inside = new Promise<void>((resolve) => (entered = resolve));
    const gate = defineTool({
      name: "util.gate",
      description: "Waits until released.",
      execute: () =>
        new Promise<string>((resolve) => {
          release = () => resolve("open");
          entered();
        }),
    });
    const codeMode = createCodeMode({ tools: [gate, tools[tools.length - 1]!], poolSize: 1, check: "off" });
    try {
      const running = codeMode.execute("await tools.util.gate({}); return (await tools.util.echo({ still: true })).data;");
      await inside;
      codeMode.setTools([]);
      release();
      expect((await running).result).toEqual({ still: true });
      expect((await codeMode.execute("return (await tools.util.echo({})).error.code")).result).toBe("not_found");
    } finally {
      await codeMode.close();
    }
  });

  it("leaves out the catalog global when search is off, and refuses to run after close", async () => {
    const codeMode = createCodeMode({ tools, poolSize: 1, search: false });
    expect((await codeMode.execute("return typeof catalog")).result).toBe("undefined");
    await codeMode.close();
    await expect(codeMode.execute("return 1")).rejects.toBeInstanceOf(CodeModeError);
    await expect(codeMode.execute("return 1")).rejects.toMatchObject({ code: "CLOSED" });
  });

  it("never mentions catalog in the prompt or declarations in execute-only mode, and does with search on", async () => {
    const executeOnly = createCodeMode({ tools, poolSize: 1, search: false });
    const withSearch = createCodeMode({ tools, poolSize: 1 });
    try {
      for (const options of [undefined, { allow: ["billing.*"] }, { tokenBudget: 50 }]) {
        expect(executeOnly.prompt(options)).not.toMatch(/catalog/i);
        expect(executeOnly.prompt(options)).toContain("tools.");
        expect(executeOnly.declarations(options)).not.toMatch(/catalog/i);
        expect(executeOnly.declarations(options)).toContain("list_invoices");
      }
      expect(withSearch.prompt()).toContain("catalog");
      expect(withSearch.declarations()).toContain("catalog");
    } finally {
      await Promise.all([executeOnly.close(), withSearch.close()]);
    }
  });

  it("refuses a pool size that is not a positive integer", () => {
    expect(() => createCodeMode({ poolSize: 0 })).toThrow(CodeModeError);
  });
});
