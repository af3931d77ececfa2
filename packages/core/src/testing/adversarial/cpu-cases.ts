import type { AdversarialCase } from "./adversarial-case.js";

const timeout = { status: "failed", kind: "TimeoutExceeded", message: "500 ms deadline" } as const;
const cpu = (name: string, code: string): AdversarialCase => ({ name, category: "cpu", profile: "deadline", code, expect: timeout });

/** Scripts that never stop computing: each must end with TimeoutExceeded, by the interrupt or by the hard stop. */
export const CPU_CASES: readonly AdversarialCase[] = [
  cpu("an infinite loop in plain code", "while (true) {}"),
  // The callback returns nothing, so no chain of promises grows: only the deadline can end this.
  cpu(
    "an infinite loop made of promise jobs",
    "const spin = () => { Promise.resolve().then(spin); }; spin(); await new Promise(() => {});",
  ),
  cpu("an infinite loop in a getter the script reads", "const o = { get x() { for (;;) {} } }; return o.x;"),
  cpu("an infinite loop in a getter of the returned value", "return { get x() { for (;;) {} } };"),
  cpu("an infinite loop in toJSON of the returned value", "return { toJSON() { for (;;) {} } };"),
  cpu("an infinite loop in a getter of a logged value", "console.log({ get x() { for (;;) {} } }); return 1;"),
  cpu("an infinite loop in a getter of a thrown value", "throw { get name() { throw new Error('no'); }, get message() { while (true) {} } };"),
  cpu("an endless throw and catch", "for (;;) { try { throw new Error('again'); } catch { continue; } }"),
  cpu("an infinite loop in a catch block", "try { null.x; } catch { while (true) {} }"),
  cpu("an infinite loop in a finally block after return", "try { return 1; } finally { for (;;) {} }"),
  cpu("catastrophic regular-expression backtracking", "return /^(a+)+$/.test('a'.repeat(40) + 'b');"),
  // Built-in calls that never poll the interrupt handler and each outlast the deadline plus the grace here: only
  // terminating the worker stops them. The loops keep the outcome the same on a machine fast enough to finish one.
  { ...cpu("a huge Array.join in one built-in call", "for (;;) new Array(1e8).join('');"), hardStop: true },
  {
    ...cpu("a default sort of many numbers, compared as strings", "const a = Array.from({ length: 1.2e5 }, (_, i) => (i * 7919) % 1.2e5); for (;;) a.sort();"),
    hardStop: true,
  },
  { ...cpu("JSON.stringify of a large array, again and again", "const a = new Array(3e5).fill({ a: 1 }); while (true) JSON.stringify(a);"), hardStop: true },
  cpu("a sort whose comparator never ends", "return [3, 1, 2].sort(() => { for (;;) {} });"),
  cpu("an infinite loop in a getter of tool arguments", "await tools.adversary.echo({ get text() { for (;;) {} } });"),
  cpu("an infinite loop in toJSON of tool arguments", "await tools.adversary.echo({ toJSON() { for (;;) {} } });"),
  cpu("an infinite loop inside a tool call's callback", "await tools.adversary.echo({ text: 'x' }).then(() => { for (;;) {} });"),
  {
    name: "a script that waits on a promise nothing can settle",
    category: "cpu",
    profile: "deadline",
    code: "await new Promise(() => {});",
    expect: { status: "failed", kind: "NeverSettled" },
  },
];
