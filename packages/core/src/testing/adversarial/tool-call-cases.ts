import type { JsonValue } from "../../index.js";
import type { AdversarialCase, ExpectedOutcome } from "./adversarial-case.js";

const calls = (name: string, code: string, expect: ExpectedOutcome): AdversarialCase => ({
  name,
  category: "tool-calls",
  profile: "roomy",
  code,
  expect,
});
const returns = (result: JsonValue): ExpectedOutcome => ({ status: "completed", result });
const cancelled = { tool: "adversary.echo", ok: false, errorCode: "cancelled" } as const;

/** Scripts that abuse the tools: each call must be refused or answered with an envelope, never crash the host. */
export const TOOL_CALL_CASES: readonly AdversarialCase[] = [
  calls("too many calls in a loop", "for (;;) await tools.adversary.echo({ text: 'x' });", { status: "failed", kind: "HostCallLimit" }),
  calls(
    "too many calls at once",
    "const all = []; for (let i = 0; i < 1000; i++) all.push(tools.adversary.echo({ text: String(i) })); await Promise.all(all); return 1;",
    { status: "failed", kind: "HostCallLimit" },
  ),
  calls(
    "arguments whose answer is too large",
    "const r = await tools.adversary.echo({ text: 'x'.repeat(300 * 1024) }); return r.ok ? 'ok' : r.error.code;",
    returns("limit_exceeded"),
  ),
  calls(
    // The engine hands the tool the parsed value; an MCP upstream may refuse it: either way the script gets an envelope.
    "arguments nested ten thousand levels deep",
    "let v = {}; for (let i = 0; i < 1e4; i++) v = { v }; const r = await tools.adversary.echo(v); return typeof r.ok;",
    returns("boolean"),
  ),
  calls(
    "arguments that are not JSON",
    `const c = {}; c.c = c; const out = [];
for (const bad of [c, { f() {} }, 1n, { s: Symbol("x") }, { n: 2n }]) { const r = await tools.adversary.echo(bad); out.push(r.ok ? "ok" : r.error.code); }
return out;`,
    returns(["invalid_arguments", "invalid_arguments", "invalid_arguments", "invalid_arguments", "invalid_arguments"]),
  ),
  calls(
    "arguments that are not objects",
    `const r = await Promise.all([tools.adversary.echo("a string"), tools.adversary.echo(null), tools.adversary.echo([1]),
  tools.adversary.echo(7)]);
return r.map((e) => e.ok ? e.data : e.error.code);`,
    returns(["invalid_arguments", "invalid_arguments", "invalid_arguments", "invalid_arguments"]),
  ),
  calls("a call left running at return", "tools.adversary.echo({ text: 'late' }); return 'returned';", {
    status: "completed",
    result: "returned",
    diagnostics: ["calls_in_flight_on_return"],
    toolCalls: [cancelled],
  }),
  calls("a call made in a promise job after return", "Promise.resolve().then(() => tools.adversary.echo({ text: 'later' })); return 'returned';", {
    status: "completed",
    result: "returned",
    diagnostics: ["calls_in_flight_on_return"],
    toolCalls: [cancelled],
  }),
  calls(
    "unknown tools and namespaces",
    `const r = await Promise.all([tools.nothing.here({}), tools.adversary.missing({}), tools.adversary.echo.call(null, { text: "a" })]);
return r.map((e) => e.ok ? e.data : e.error.code);`,
    returns(["not_found", "not_found", "not_found"]),
  ),
  calls(
    "reserved names on tools and namespaces",
    `return [typeof tools.__proto__, typeof tools.constructor, typeof tools.adversary.__proto__, typeof tools["adversary"]["__proto__"],
  typeof tools["adversary"]["constructor"], typeof tools.prototype, typeof tools.then, typeof tools.adversary.then,
  Object.getPrototypeOf(tools), typeof tools.adversary.echo.constructor, typeof tools.toJSON, typeof tools.adversary.echo.prototype];`,
    returns(["undefined", "undefined", "undefined", "undefined", "undefined", "undefined", "undefined", "undefined", null, "undefined", "undefined", "undefined"]),
  ),
  calls(
    "changing, enumerating or calling the tools tree",
    `const tries = { keys: () => Object.keys(tools), set: () => { tools.x = 1; }, remove: () => { delete tools.adversary; },
  proto: () => Object.setPrototypeOf(tools, {}), define: () => Object.defineProperty(tools.adversary, "echo", { value: 1 }),
  protoWrite: () => { tools.__proto__.polluted = 1; }, replace: () => { globalThis.tools.adversary = null; } };
const out = {};
for (const [key, attempt] of Object.entries(tries)) { try { attempt(); out[key] = "allowed"; } catch (error) { out[key] = error.name; } }
// A namespace is callable, since a flat tool sits at the same depth; as a call it is an unknown tool.
out.callSpace = (await tools["adversary"]()).error.code;
return out;`,
    returns({
      ...Object.fromEntries(["keys", "set", "remove", "proto", "define", "protoWrite", "replace"].map((key) => [key, "TypeError"])),
      callSpace: "not_found",
    }),
  ),
  calls(
    "a tool reached through Reflect.apply and a dotted namespace",
    `const a = await Reflect.apply(tools.adversary.echo, null, [{ text: "via apply" }]);
const b = await tools["adversary.echo"].x?.({});
return [a.data, b.ok ? b.data : b.error.code];`,
    returns(["echo: via apply", "not_found"]),
  ),
  calls(
    "catalog queries and namespaces named after Object.prototype members",
    `const out = [];
for (const query of ["__proto__", "constructor", "prototype hasOwnProperty", "toString valueOf", "__defineGetter__ echo"]) {
  const r = await catalog.search({ query });
  out.push(r.ok && r.data.items.every((item) => typeof item.name === "string" && item.name.startsWith("adversary.")));
}
for (const namespace of ["__proto__", "constructor"]) out.push((await catalog.count({ namespace })).data.total);
out.push((await catalog.describe({ tool: "adversary.__proto__" })).ok);
return out;`,
    returns([true, true, true, true, true, 0, 0, false]),
  ),
  calls(
    "catalog operations with invalid arguments",
    "const r = await Promise.all([catalog.search({ query: 42 }), catalog.describe({ name: '__proto__' })]); return r.map((e) => e.ok);",
    returns([false, false]),
  ),
];
