import type { AdversarialCase } from "./adversarial-case.js";

const memory = (name: string, code: string): AdversarialCase => ({
  name,
  category: "memory",
  profile: "roomy",
  code,
  expect: { status: "failed", kind: "MemoryLimitExceeded", message: "8 MiB" },
});

/** Scripts that allocate without end: each must fail with MemoryLimitExceeded, and the worker must be replaced. */
export const MEMORY_CASES: readonly AdversarialCase[] = [
  memory("a string that doubles forever", "let s = 'x'; for (;;) s += s;"),
  memory("a string bomb that keeps every copy", 'let s = "x".repeat(1e5); const keep = []; while (true) { s = s + "y"; keep.push(s + s); }'),
  memory("one huge String.repeat", "return 'x'.repeat(2 ** 29).length;"),
  memory("arrays kept forever", "const keep = []; while (true) keep.push(new Array(1e5).fill(7));"),
  {
    // One built-in call: where the engine runs slower (Bun, Deno) the deadline may come before the memory runs out.
    ...memory("a huge Array.join", "return new Array(1e8).join('x').length;"),
    expect: { status: "failed", kind: ["MemoryLimitExceeded", "TimeoutExceeded"] },
    hardStop: true,
  },
  memory("ArrayBuffers kept forever", "const keep = []; for (;;) keep.push(new ArrayBuffer(1 << 20));"),
  memory("one ArrayBuffer larger than the limit", "return new ArrayBuffer(1 << 30).byteLength;"),
  memory("small objects kept forever", "const keep = []; for (let i = 0; ; i++) keep.push({ i, s: 'k' + i });"),
  memory("a Map that grows forever", "const m = new Map(); for (let i = 0; ; i++) m.set(i, { i });"),
  memory(
    "allocation inside promise jobs",
    "const keep = []; const grow = () => { keep.push(new Array(1e4).fill(1)); return Promise.resolve().then(grow); }; await grow();",
  ),
  memory(
    "allocation after a tool call",
    "await tools.adversary.echo({ text: 'x' }); const keep = []; for (;;) keep.push(new Array(1e4).fill('y'));",
  ),
  memory("tool arguments too large to build", "await tools.adversary.echo({ text: 'x'.repeat(16 * 1024 * 1024) });"),
];
