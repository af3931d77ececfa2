import { describe, expect, it } from "vitest";
import { runTokenScenario } from "./run-token-scenario.js";
import { runTokensBench, type TokensReport } from "./run-tokens-bench.js";
import { invoicePagesScenario } from "./scenarios/invoice-pages-scenario.js";
import { TOKEN_SCENARIOS } from "./scenarios/index.js";

// Token counts are deterministic (seeded data, a scripted model, a fixed tokenizer), so the token goals hold exactly.
const report: Promise<TokensReport> = runTokensBench();
// A loaded shared machine can slow a full run well past vitest's default 5 s; this is a guard, not a timing check.
const SLOW = { timeout: 60_000 };
const scenario = async (number: string) => (await report).scenarios.find((entry) => entry.name.startsWith(`${number}.`))!;

describe("runTokensBench", SLOW, () => {
  it("reports every scenario in both modes, with reduction = 1 - code mode / direct", async () => {
    const { scenarios } = await report;
    expect(scenarios.map((entry) => entry.name)).toEqual(TOKEN_SCENARIOS.map((entry) => entry.name));
    for (const entry of scenarios) {
      expect(Object.keys(entry.direct).sort()).toEqual(["descriptionTokens", "inputTokens", "resultTokens", "steps"]);
      expect(entry.reduction).toBeCloseTo(1 - entry.codeMode.inputTokens / entry.direct.inputTokens, 12);
    }
  });

  it("sends at least 90% fewer input tokens in code mode when paging and when reading a large document", async () => {
    expect((await scenario("1")).reduction).toBeGreaterThanOrEqual(0.9);
    expect((await scenario("4")).reduction).toBeGreaterThanOrEqual(0.9);
  });

  it("sends at least 40% fewer input tokens in code mode for the join", async () => {
    expect((await scenario("2")).reduction).toBeGreaterThanOrEqual(0.4);
  });

  it("describes 1,000 tools in under 2,000 tokens where direct calling needs over 100,000", async () => {
    const { direct, codeMode } = await scenario("3");
    expect(codeMode.descriptionTokens).toBeLessThan(2000);
    expect(direct.descriptionTokens).toBeGreaterThan(100_000);
  });

  it("follows every cursor directly, one page a step, and pages in one script in code mode", async () => {
    const { direct, codeMode } = await scenario("1");
    expect(direct.steps).toBe(21);
    expect(codeMode.steps).toBe(2);
    expect(codeMode.resultTokens).toBeLessThan(direct.resultTokens / 100);
  });

  it("throws when a mode gives another answer than the expected one", async () => {
    const wrong = { ...invoicePagesScenario, expected: JSON.stringify({ total: 1 }) };
    await expect(runTokensBench(() => {}, [wrong])).rejects.toThrow(/direct answered \{"total":\d+\}, expected \{"total":1\}/);
  });
});

describe("runTokenScenario", SLOW, () => {
  it("reaches the same answer in both modes for every scenario", async () => {
    for (const entry of TOKEN_SCENARIOS) {
      const [direct, codeMode] = await Promise.all([runTokenScenario(entry, "direct"), runTokenScenario(entry, "codeMode")]);
      expect(direct.answer).toBe(entry.expected);
      expect(codeMode.answer).toBe(direct.answer);
    }
  });
});
