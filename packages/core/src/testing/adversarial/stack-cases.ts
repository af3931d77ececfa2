import type { AdversarialCase } from "./adversarial-case.js";

const stack = (name: string, code: string): AdversarialCase => ({
  name,
  category: "stack",
  profile: "roomy",
  code,
  expect: { status: "failed", kind: "StackOverflow" },
});

/** Scripts that recurse without end: each must fail with StackOverflow, not take the worker's own stack down. */
export const STACK_CASES: readonly AdversarialCase[] = [
  stack("plain recursion", "const deep = (n) => deep(n + 1) + 1; return deep(0);"),
  stack("mutual recursion", "const a = (n) => b(n) + 1; const b = (n) => a(n) + 1; return a(0);"),
  stack("getter recursion", "const o = { get x() { return this.x + 1; } }; return o.x;"),
  stack("recursion through a Proxy trap", "const p = new Proxy({}, { get: (t, k, r) => r[k] }); return p.x;"),
  stack("recursion through toString", "const o = { toString() { return '' + this; } }; return '' + o;"),
  stack("recursion in a toJSON of the returned value", "const o = { toJSON() { return JSON.stringify(this); } }; return o;"),
  stack("async recursion", "const deep = async (n) => (await deep(n + 1)) + 1; return await deep(0);"),
  {
    name: "JSON.parse of text nested too deeply",
    category: "stack",
    profile: "roomy",
    code: "return JSON.parse('['.repeat(1e5) + ']'.repeat(1e5)).length;",
    // QuickJS reports its parser's depth guard as a SyntaxError: the script's own error, caught like any other.
    expect: { status: "failed", kind: "ScriptError" },
  },
];
