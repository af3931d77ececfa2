import type { AdversarialCase } from "./adversarial-case.js";

const KiB = 1024;
// Every case leaves the adversary's folder as it found it: the same folder serves every case of a profile.
const CLEAN_UP = `for (const entry of (await files.list({})).data) await files.remove({ path: entry.name });`;

/**
 * Scripts that reach for what another principal keeps, or past the caps they share: each runs as the adversary while
 * the victim (a second principal of the same target) has written its own files.
 */
export const TENANT_CASES: readonly AdversarialCase[] = [
  {
    name: "reading, overwriting and removing another principal's file",
    category: "tenants",
    profile: "roomy",
    code: `const read = await files.read({ path: "payroll.txt" });
const wrote = await files.write({ path: "payroll.txt", data: "pwned" });
const listed = (await files.list({})).data.map((entry) => entry.name);
const escape = await files.read({ path: "../payroll.txt" });
${CLEAN_UP}
return [read.error.code, wrote.ok, listed, escape.error.code];`,
    expect: { status: "completed", result: ["not_found", true, ["payroll.txt"], "invalid_arguments"] },
    victim: {
      before: `return (await files.write({ path: "payroll.txt", data: "salaries" })).ok;`,
      after: `const r = await files.read({ path: "payroll.txt" }); await files.remove({ path: "payroll.txt" }); return r.data;`,
      result: "salaries",
    },
  },
  {
    name: "forty concurrent writes against the folder's total cap",
    category: "tenants",
    profile: "roomy",
    code: `const data = "w".repeat(${200 * KiB});
const writes = await Promise.all(Array.from({ length: 40 }, (_, i) => files.write({ path: "w" + i + ".txt", data })));
const total = (await files.list({})).data.reduce((sum, entry) => sum + entry.size, 0);
${CLEAN_UP}
return [writes.filter((r) => r.ok).length, writes.filter((r) => !r.ok && r.error.code === "limit_exceeded").length, total <= 1024 * 1024];`,
    // ADVERSARIAL_WORKSPACE: 1 MiB in all, so five of the 200 KiB files fit.
    expect: { status: "completed", result: [5, 35, true] },
  },
  {
    name: "concurrent writes into a folder that does not exist yet",
    category: "tenants",
    profile: "roomy",
    code: `const writes = await Promise.all(Array.from({ length: 30 }, (_, i) => files.write({ path: "new/deeper/f" + i + ".txt", data: "x" })));
const listed = (await files.list({ path: "new/deeper" })).data.length;
await files.remove({ path: "new" });
return [writes.every((r) => r.ok), listed];`,
    expect: { status: "completed", result: [true, 30] },
  },
];
