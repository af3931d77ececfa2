import type { AdversarialCase, ExpectedOutcome } from "./adversarial-case.js";

const work = (name: string, code: string, expect: ExpectedOutcome): AdversarialCase => ({ name, category: "host-work", profile: "roomy", code, expect });

/**
 * Scripts that choose the input of work the host does on its own thread: schema patterns, the allowlist, catalog
 * search. Each must take time linear in what the script sent (a backtracking engine would take longer than the age of
 * the universe on these).
 */
export const HOST_WORK_CASES: readonly AdversarialCase[] = [
  work(
    "a catastrophic schema pattern on a text that almost matches",
    `const out = [];
for (const text of ["a".repeat(60) + "!", "a".repeat(200000) + "!", "a".repeat(1000)]) { const r = await tools.adversary.match({ text }); out.push(r.ok ? r.data : r.error.code); }
return out;`,
    { status: "completed", result: ["invalid_arguments", "invalid_arguments", "matched"] },
  ),
  work(
    "a long name against the allowlist's globs, read_ included",
    `const out = new Set();
for (const name of ["a".repeat(100) + ".read_x", "a.read_" + "a".repeat(120), "a".repeat(2 * 1024 * 1024) + ".read_"]) {
  for (let i = 0; i < 10; i++) out.add((await tools[name]({})).error?.code);
}
return [...out];`,
    { status: "completed", result: ["not_found"] },
  ),
  work(
    "catalog searches with the longest queries, repeated words and many distinct ones",
    `const repeated = await catalog.search({ query: "echo ".repeat(200) });
const distinct = await catalog.search({ query: Array.from({ length: 150 }, (_, i) => "w" + i).join(" ") });
const tooLong = await catalog.search({ query: "x".repeat(400 * 1024) });
return [repeated.ok && repeated.data.items[0]?.name, distinct.ok, tooLong.error.code, tooLong.error.message.length < 300];`,
    { status: "completed", result: ["adversary.echo", true, "invalid_arguments", true] },
  ),
];
