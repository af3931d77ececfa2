import type { JsonValue } from "../../index.js";
import type { AdversarialCase } from "./adversarial-case.js";

const tooLarge = { status: "failed", kind: "ResultTooLarge" } as const;

function nested(depth: number): JsonValue {
  let value: JsonValue = 1;
  for (let level = 0; level < depth; level++) value = [value];
  return value;
}

/** Scripts that try to flood the caller: results and logs must stay within maxOutputBytes and maxLogLines. */
export const OUTPUT_CASES: readonly AdversarialCase[] = [
  { name: "a huge string result", category: "output", profile: "roomy", code: "return 'x'.repeat(1 << 20);", expect: tooLarge },
  {
    name: "a result of many small values",
    category: "output",
    profile: "roomy",
    code: "return Array.from({ length: 1e5 }, (_, i) => i);",
    expect: tooLarge,
  },
  {
    name: "a result of multi-byte characters over the limit in bytes only",
    category: "output",
    profile: "roomy",
    code: "return '\u00e9'.repeat(40 * 1024);",
    expect: tooLarge,
  },
  {
    // Small as text, but deeper than the host's own recursive JSON.stringify (and most clients' parsers) can go.
    name: "a result nested ten thousand levels deep",
    category: "output",
    profile: "roomy",
    code: "let v = []; for (let i = 0; i < 1e4; i++) v = [v]; return v;",
    // QuickJS's own JSON.stringify may give up first, as a stack overflow: as safe an end.
    expect: { status: "failed", kind: ["ResultTooLarge", "StackOverflow"] },
  },
  {
    name: "a result nested 500 levels deep, the most allowed",
    category: "output",
    profile: "roomy",
    code: "let v = 1; for (let i = 0; i < 500; i++) v = [v]; return v;",
    expect: { status: "completed", result: nested(500) },
  },
  {
    name: "a result nested 501 levels deep",
    category: "output",
    profile: "roomy",
    code: "let v = 1; for (let i = 0; i < 501; i++) v = [v]; return v;",
    expect: { ...tooLarge, message: "nested deeper than 500 levels" },
  },
  {
    name: "a logged value nested ten thousand levels deep",
    category: "output",
    profile: "roomy",
    code: "let v = {}; for (let i = 0; i < 1e4; i++) v = { v }; console.log(v); return 1;",
    expect: { status: "completed", result: 1 },
  },
  {
    name: "one huge log line",
    category: "output",
    profile: "roomy",
    code: "console.log('x'.repeat(1 << 20)); return 1;",
    expect: { status: "completed", result: 1, diagnostics: ["log_line_truncated"] },
  },
  {
    name: "an endless stream of log lines",
    category: "output",
    profile: "roomy",
    code: "for (;;) console.log('line');",
    expect: { status: "failed", kind: "HostCallLimit" },
  },
  {
    name: "an endless stream of long log lines",
    category: "output",
    profile: "roomy",
    code: "const line = 'x'.repeat(10000); for (;;) console.log(line);",
    expect: { status: "failed", kind: "HostCallLimit" },
  },
  {
    name: "endless logs from promise jobs",
    category: "output",
    profile: "roomy",
    code: "const spam = () => { console.log('x'); return Promise.resolve().then(spam); }; await spam();",
    expect: { status: "failed", kind: "HostCallLimit" },
  },
  {
    name: "log lines that together exceed the output limit",
    category: "output",
    profile: "roomy",
    code: "for (let i = 0; i < 45; i++) console.log(String(i).padEnd(4000, '.')); return 'done';",
    expect: { status: "completed", result: "done", diagnostics: ["output_truncated"] },
  },
];
