import type { JsonValue } from "../../index.js";
import type { AdversarialCase, Observers } from "./adversarial-case.js";

const POLLUTE = `globalThis.leak = 1; Object.prototype.polluted = 1; Array.prototype.polluted = 1; Array.prototype.push = null;
Object.freeze(Object.prototype); JSON.stringify = () => "forged"; Promise.prototype.then = null; Math.random = () => 4;`;

const LOOK = `[typeof globalThis.leak, typeof ({}).polluted, typeof [].polluted, typeof Array.prototype.push,
  Object.isFrozen(Object.prototype), JSON.stringify({ a: 1 }), typeof Promise.prototype.then, Math.random() < 1]`;
const CLEAN = ["undefined", "undefined", "undefined", "function", false, '{"a":1}', "function", true];

/** Observers that look for the polluter's changes, then (with `withCall`) call a tool and return its answer. */
const observers = (count: number, withCall: boolean): Observers => ({
  count,
  code: (index) =>
    withCall
      ? `const seen = ${LOOK};\nconst echoed = (await tools.adversary.echo({ text: "${index}" })).data;\nreturn { seen, echoed };`
      : `return { seen: ${LOOK}, index: ${index} };`,
  result: (index): JsonValue => (withCall ? { seen: CLEAN, echoed: `echo: ${index}` } : { seen: CLEAN, index }),
});

/** A run that changes globals and built-ins while many others run at the same time: none of them may see it. */
export const ISOLATION_CASES: readonly AdversarialCase[] = [
  {
    name: "globals and prototypes changed by a run that keeps calling tools",
    category: "isolation",
    profile: "roomy",
    code: `${POLLUTE}\nfor (let i = 0; i < 5; i++) await tools.adversary.echo({ text: String(i) });\nreturn "polluted";`,
    expect: { status: "completed", result: "polluted" },
    observers: observers(100, true),
  },
  {
    name: "globals and prototypes changed by a run that then runs out of memory",
    category: "isolation",
    profile: "roomy",
    code: `${POLLUTE}\nconst keep = []; for (;;) keep[keep.length] = new Array(1e5).fill(1);`,
    expect: { status: "failed", kind: "MemoryLimitExceeded" },
    observers: observers(50, true),
  },
  {
    name: "globals and prototypes changed by a run stopped at its deadline",
    category: "isolation",
    profile: "deadline",
    code: `${POLLUTE}\nwhile (true) {}`,
    expect: { status: "failed", kind: "TimeoutExceeded" },
    observers: observers(50, false),
  },
];
