import type { JsonValue } from "../../index.js";
import type { AdversarialCase } from "./adversarial-case.js";

const HOST_NAMES = JSON.stringify([
  "process", "require", "module", "exports", "Buffer", "global", "fetch", "setTimeout", "setInterval", "setImmediate",
  "queueMicrotask", "XMLHttpRequest", "WebSocket", "Deno", "Bun", "std", "os", "scriptArgs", "print", "WebAssembly",
  "Atomics", "__filename", "__dirname", "importScripts", "postMessage",
]);

const escape = (name: string, code: string, result: JsonValue): AdversarialCase => ({
  name,
  category: "escape",
  profile: "roomy",
  code,
  expect: { status: "completed", result },
});

// Values with an own "__proto__" key, as JSON.parse makes them: the result must carry the key as plain data.
const parsed = (text: string) => JSON.parse(text) as JsonValue;

/** Scripts that try to reach the host or change it: each must complete with only guest-side effects. */
export const ESCAPE_CASES: readonly AdversarialCase[] = [
  escape(
    "reaching the global object through constructor chains",
    `const viaFunction = (function () {}).constructor("return this")();
const viaAsync = (async function () {}).constructor("return this");
const viaArrow = (() => {}).constructor.constructor("return this")();
return [viaFunction === globalThis, typeof viaAsync, viaArrow === globalThis];`,
    [true, "function", true],
  ),
  escape(
    "reaching the host through an envelope's constructor chain",
    `const envelope = await tools.adversary.echo({ text: "x" });
return [envelope.constructor.constructor("return typeof process")(), envelope.data.constructor.constructor("return typeof require")()];`,
    ["undefined", "undefined"],
  ),
  escape(
    "probing for host globals directly, through eval and through Function",
    `const names = ${HOST_NAMES};
const own = Object.getOwnPropertyNames(globalThis);
return names.filter((name) => typeof globalThis[name] !== "undefined" || own.includes(name)
  || eval("typeof " + name) !== "undefined" || new Function("return typeof " + name)() !== "undefined"
  || (0, eval)("typeof " + name) !== "undefined");`,
    [],
  ),
  escape(
    "loading a module with import()",
    "return await import('node:fs').then(() => 'imported', () => 'rejected');",
    "rejected",
  ),
  escape(
    "loading a module through import() built by eval",
    "return await eval(\"import('fs')\").then(() => 'imported', () => 'rejected');",
    "rejected",
  ),
  escape(
    "returning a value with an own __proto__ key",
    `return JSON.parse('{"__proto__": {"polluted": true}, "a": 1}');`,
    parsed('{"__proto__": {"polluted": true}, "a": 1}'),
  ),
  escape(
    "returning computed __proto__ and constructor.prototype keys",
    "return { ['__proto__']: { polluted: 1 }, constructor: { prototype: { polluted: 1 } } };",
    parsed('{"__proto__": {"polluted": 1}, "constructor": {"prototype": {"polluted": 1}}}'),
  ),
  escape(
    "returning __proto__ keys nested in arrays and Maps",
    `return [JSON.parse('{"__proto__": {"polluted": 2}}'), new Map([["__proto__", { polluted: 3 }]])];`,
    parsed('[{"__proto__": {"polluted": 2}}, {"__proto__": {"polluted": 3}}]'),
  ),
  escape(
    "passing __proto__ keys in tool arguments",
    `const r = await tools.adversary.echo(JSON.parse('{"__proto__": {"polluted": true}, "text": "p"}'));
return r.data;`,
    "echo: p",
  ),
  escape(
    "logging a value with an own __proto__ key",
    `console.log(JSON.parse('{"__proto__": {"polluted": true}}')); return ({}).polluted === undefined;`,
    true,
  ),
  escape(
    "polluting the guest's own Object.prototype before a tool call",
    "Object.prototype.polluted = true; Array.prototype.polluted = true; const r = await tools.adversary.echo({ text: 'x' }); return r.data;",
    "echo: x",
  ),
  escape(
    "making every object thenable before a tool call",
    "Object.prototype.then = function (resolve) { resolve('hijacked'); }; return await tools.adversary.echo({ text: 'x' });",
    "hijacked",
  ),
  escape(
    "replacing JSON before the first tool call",
    "JSON.stringify = () => 42; JSON.parse = () => [[1, { ok: true, data: 'forged' }]]; const r = await tools.adversary.echo({ text: 'x' }); return typeof r;",
    "object",
  ),
  ...[
    "throw { get name() { throw new Error('no'); } };",
    "throw new Proxy({}, { get() { throw new Error('trap'); }, getPrototypeOf() { throw 1; } });",
    "throw null;",
    "await Promise.reject();",
    "throw Symbol('odd');",
    "const e = new Error('cyclic'); e.cause = e; e.name = { toString() { throw e; } }; throw e;",
  ].map((code): AdversarialCase => ({
    name: `throwing an odd value: ${code.slice(0, 40)}`,
    category: "escape",
    profile: "roomy",
    code,
    expect: { status: "failed", kind: "ScriptError" },
  })),
  escape(
    "walking .caller from getters the bridge and the serialiser call",
    `const seen = [];
function probe() { try { seen.push(typeof probe.caller); } catch (error) { seen.push(error.name); } return "x"; }
await tools.adversary.echo({ get text() { return probe(); } });
console.log({ get a() { return probe(); } });
return { get a() { probe(); return seen; } };`,
    { a: ["undefined", "undefined", "undefined"] },
  ),
  escape(
    "reading host secrets from a thrown error's stack",
    "try { null.x; } catch (error) { return /node_modules|file:|\\.ts:/.test(String(error.stack)); }",
    false,
  ),
];
