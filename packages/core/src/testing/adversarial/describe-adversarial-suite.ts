import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HARD_STOP_GRACE_MS, type ExecutionLimits, type ExecutionResult } from "../../index.js";
import type { AdversarialCase, AdversarialCategory, AdversarialProfile } from "./adversarial-case.js";
import { ADVERSARIAL_CASES } from "./adversarial-cases.js";
import { ADVERSARIAL_LIMITS } from "./adversarial-limits.js";
import { checkExecutionResult } from "./check-execution-result.js";

/**
 * Who runs a script: the adversary (every case), whose allowlist is ADVERSARIAL_ALLOW, or the victim, a second
 * principal with no allowlist whose files the tenant cases reach for.
 */
export type AdversarialPrincipal = "adversary" | "victim";

/** A code mode (or anything in front of one, such as a gateway) the suite runs scripts through. */
export interface AdversarialTarget {
  /** Runs a script as `principal` (default the adversary): in a code mode, as its own owner and allowlist. */
  execute(code: string, principal?: AdversarialPrincipal): Promise<ExecutionResult>;
  close(): Promise<void>;
}

/**
 * Builds the target for one profile: with exactly these limits, the tools of createAdversaryTools (or a server whose
 * tools of the same names answer the same), a workspace with ADVERSARIAL_WORKSPACE's caps in a fresh folder, each
 * principal in a folder of its own, and the check off (`check: "off"`): the suite holds the run's own defences to
 * account, and the check would refuse some of its scripts before they ran.
 */
export type AdversarialHarness = (limits: Partial<ExecutionLimits>, profile: AdversarialProfile) => AdversarialTarget | Promise<AdversarialTarget>;

/** Options of {@link describeAdversarialSuite}. */
export interface AdversarialSuiteOptions {
  /** Time allowed past a run's deadline and the hard-stop grace, for a loaded machine. Default 5000 ms. */
  slackMs?: number;
  /** The cases to run. Default: ADVERSARIAL_CASES. */
  cases?: readonly AdversarialCase[];
}

const PROFILES: readonly AdversarialProfile[] = ["deadline", "roomy"];
// The deadline profile's check needs no tool call, so that a loaded machine cannot time it out.
const NEXT: Record<AdversarialProfile, { code: string; result: string | number }> = {
  deadline: { code: "return 1 + 1;", result: 2 },
  roomy: { code: "return (await tools.adversary.echo({ text: 'next' })).data;", result: "echo: next" },
};

/** The own property names of the host's most shared prototypes, to see whether any run changed them. */
function hostPrototypes(): string {
  return [Object.prototype, Array.prototype, Function.prototype, String.prototype, Promise.prototype]
    .map((prototype) => Reflect.ownKeys(prototype).map(String).sort().join(","))
    .join("|");
}

/**
 * Registers the adversarial suite: every case of the table, by category, run through `harness`; each must end with
 * its expected safe outcome within its deadline (plus the hard-stop grace and `slackMs`), give a well-formed result,
 * leave the host's prototypes alone, and be followed by a run that succeeds.
 *
 * @example
 * describeAdversarialSuite("createCodeMode", (limits) => {
 *   const workspace = { dir, ...ADVERSARIAL_WORKSPACE };
 *   const codeMode = createCodeMode({ tools: createAdversaryTools(), limits, workspace, check: "off" });
 *   return {
 *     execute: (code, principal = "adversary") =>
 *       codeMode.execute(code, principal === "adversary" ? { owner: principal, allow: ADVERSARIAL_ALLOW } : { owner: principal }),
 *     close: () => codeMode.close(),
 *   };
 * });
 */
export function describeAdversarialSuite(name: string, harness: AdversarialHarness, options: AdversarialSuiteOptions = {}): void {
  const slackMs = options.slackMs ?? 5000;
  const cases = options.cases ?? ADVERSARIAL_CASES;
  const categories = [...new Set(cases.map((entry) => entry.category))] as AdversarialCategory[];
  const targets = new Map<AdversarialProfile, AdversarialTarget>();

  async function runCase(entry: AdversarialCase): Promise<void> {
    const target = targets.get(entry.profile)!;
    const limits = ADVERSARIAL_LIMITS[entry.profile];
    const before = hostPrototypes();
    if (entry.victim?.before) {
      const prepared = await target.execute(entry.victim.before, "victim");
      expect(prepared.status, `the victim's first run: ${JSON.stringify(prepared.error)}`).toBe("completed");
    }
    const started = performance.now();
    const own = target.execute(entry.code).then((result) => ({ result, elapsed: performance.now() - started }));
    const observed = Array.from({ length: entry.observers?.count ?? 0 }, (_, index) => target.execute(entry.observers!.code(index)));
    const [{ result, elapsed }, ...observers] = await Promise.all([own, ...observed]);

    expect(checkExecutionResult(result, limits), "a well-formed result").toEqual([]);
    expect(result.status, JSON.stringify(result.error)).toBe(entry.expect.status);
    if (entry.expect.kind) expect([entry.expect.kind].flat(), result.error?.message).toContain(result.error?.kind);
    if (entry.expect.message) expect(result.error?.message).toContain(entry.expect.message);
    if ("result" in entry.expect) expect(result.result).toEqual(entry.expect.result);
    const codes = result.diagnostics.map((diagnostic) => diagnostic.code);
    for (const code of entry.expect.diagnostics ?? []) expect(codes).toContain(code);
    if (entry.expect.toolCalls) expect(result.toolCalls).toMatchObject(entry.expect.toolCalls);
    // A bound on the limit, not a speed test: the deadline, the grace before the hard stop, and room for a busy machine.
    expect(elapsed).toBeLessThan(limits.timeoutMs! + HARD_STOP_GRACE_MS + slackMs);
    observers.forEach((observer, index) => {
      expect(checkExecutionResult(observer, limits)).toEqual([]);
      const wanted = { status: "completed", result: entry.observers!.result(index) };
      expect(observer, `observer ${index}: ${JSON.stringify(observer.error)}`).toMatchObject(wanted);
    });
    expect(hostPrototypes(), "the host's prototypes").toBe(before);
    if (entry.victim) {
      const kept = await target.execute(entry.victim.after, "victim");
      expect(kept, "what the victim keeps").toMatchObject({ status: "completed", result: entry.victim.result });
    }
    expect(({} as Record<string, unknown>)["polluted"]).toBeUndefined();

    const next = await target.execute(NEXT[entry.profile].code);
    expect(next, "the next run").toMatchObject({ status: "completed", result: NEXT[entry.profile].result });
  }

  describe(`${name} adversarial suite`, () => {
    beforeAll(async () => {
      for (const profile of PROFILES) targets.set(profile, await harness(ADVERSARIAL_LIMITS[profile], profile));
    });
    afterAll(() => Promise.all([...targets.values()].map((target) => target.close())));

    for (const category of categories) {
      describe(category, () => {
        for (const entry of cases.filter((candidate) => candidate.category === category)) {
          const budget = ADVERSARIAL_LIMITS[entry.profile].timeoutMs! + HARD_STOP_GRACE_MS + slackMs;
          it(`holds against ${entry.name}`, () => runCase(entry), 2 * budget + 20_000);
        }
      });
    }
  });
}
