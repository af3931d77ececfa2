import type { AdversarialCase, ExpectedOutcome } from "./adversarial-case.js";

const bridge = (name: string, code: string, expect: ExpectedOutcome): AdversarialCase => ({ name, category: "bridge", profile: "roomy", code, expect });
const KiB = 1024;

/**
 * Scripts that push large or many strings across the bridge: tool names, arguments, thrown values, stacks. Each one
 * returns what reached it, and checks in the script that it is bounded: nothing it sent comes back at full size.
 */
export const BRIDGE_CASES: readonly AdversarialCase[] = [
  bridge(
    "a 2 MiB tool name, called again and again",
    `const name = "x".repeat(2 * 1024 * 1024); const seen = new Set(); let longest = 0;
for (let i = 0; i < 40; i++) { const r = await tools[name]({}); seen.add(r.error.code); longest = Math.max(longest, r.error.message.length); }
const nested = await tools.adversary[name]({});
return [[...seen], longest < 300, nested.error.code];`,
    { status: "completed", result: [["not_found"], true, "not_found"] },
  ),
  bridge(
    "a 400 KiB tool name through catalog.describe",
    `const r = await catalog.describe({ tool: "adversary." + "x".repeat(${400 * KiB}) });
return [r.ok, r.error.code, r.error.message.length < 300];`,
    { status: "completed", result: [false, "not_found", true] },
  ),
  bridge(
    "arguments past the per-call and the per-run caps",
    `const out = [];
out.push((await tools.adversary.echo({ text: "x".repeat(${600 * KiB}) })).error.code);
for (let i = 0; i < 12; i++) { const r = await tools.adversary.echo({ text: "y".repeat(${200 * KiB}) }); out.push(r.ok ? "ok" : r.error.code); }
return [out[0], out.filter((code) => code === "ok").length, out.slice(1).filter((code) => code === "limit_exceeded").length];`,
    // ADVERSARIAL_LIMITS: 512 KiB a call, 2 MiB a run, so ten of the 200 KiB calls go through.
    { status: "completed", result: ["limit_exceeded", 10, 2] },
  ),
  bridge(
    "an upstream error text larger than a result may be",
    `const r = await tools.adversary.fail({ bytes: ${600 * KiB} });
return [r.ok, r.error.message.length <= ${256 * KiB}, r.error.message.length > 1000];`,
    { status: "completed", result: [false, true, true] },
  ),
  bridge(
    "a toJSON that throws a 2 MiB message",
    `const r = await tools.adversary.echo({ text: { toJSON() { throw new Error("m".repeat(2 * 1024 * 1024)); } } });
return [r.error.code, r.error.message.length < 2000];`,
    { status: "completed", result: ["invalid_arguments", true] },
  ),
  bridge(
    "calls made from a function with a 1 MiB name",
    `const name = "f".repeat(1024 * 1024);
const made = { [name]: async () => (await tools.adversary.echo({ text: "deep" })).data };
const out = []; for (let i = 0; i < 20; i++) out.push(await made[name]());
return out.every((text) => text === "echo: deep");`,
    { status: "completed", result: true },
  ),
  bridge("a thrown error with a 2 MiB message", `throw new Error("e".repeat(2 * 1024 * 1024));`, { status: "failed", kind: "ScriptError" }),
];
