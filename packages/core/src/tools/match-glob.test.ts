import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { matchGlob, parseGlob, type GlobWork } from "./match-glob.js";

/** What the allowlist's globs meant when they were regular expressions: `*` is `.*`, the rest literal. */
function byRegExp(pattern: string, text: string): boolean {
  const body = pattern.split("*").map((part) => part.replace(/[.+?^${}()|[\]\\]/g, "\\$&")).join("[\\s\\S]*");
  return new RegExp(`^${body}$`).test(text);
}

describe("matchGlob", () => {
  it("matches as the regular expression with * as any run of characters would", () => {
    const cases: [string, string, boolean][] = [
      ["billing.*", "billing.list", true],
      ["billing.*", "billingx.list", false],
      ["*.read_*", "docs.read_page", true],
      ["*.read_*", "docs.write_page", false],
      ["a*a", "a", false],
      ["a*a", "aa", true],
      ["*ab*abc*", "xabyabcz", true],
      ["*aab*", "aaab", true],
      ["exact", "exact", true],
      ["**", "", true],
    ];
    for (const [pattern, text, expected] of cases) expect(matchGlob(parseGlob(pattern), text), `${pattern} ${text}`).toBe(expected);
    fc.assert(
      fc.property(fc.stringMatching(/^[ab.*]{0,8}$/), fc.stringMatching(/^[ab.]{0,12}$/), (pattern, text) =>
        matchGlob(parseGlob(pattern), text) === byRegExp(pattern, text),
      ),
      { numRuns: 2000, seed: 32 },
    );
  });

  it("looks at each character a bounded number of times, so its work grows linearly with the name", () => {
    const stepsFor = (pattern: string, text: string) => {
      const work: GlobWork = { steps: 0 };
      matchGlob(parseGlob(pattern), text, work);
      return work.steps;
    };
    // The shapes that make a backtracking `.*` engine quadratic or worse: many stars, a near miss at the end.
    for (const pattern of ["*.read_*", "*a*a*a*a*b", "*aaaaaaaab*", "a*a*a*a*a*a*a*a*c"]) {
      for (const length of [1_000, 10_000, 100_000]) {
        const text = `${"a".repeat(length)}.rea`;
        expect(stepsFor(pattern, text), `${pattern} over ${length}`).toBeLessThanOrEqual(3 * (text.length + pattern.length));
      }
    }
  });
});
