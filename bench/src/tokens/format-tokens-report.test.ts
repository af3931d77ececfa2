import { describe, expect, it } from "vitest";
import { formatTokensReport } from "./format-tokens-report.js";

describe("formatTokensReport", () => {
  it("writes one markdown row per scenario, direct / code mode in each cell", () => {
    const measure = (inputTokens: number) => ({ inputTokens, resultTokens: 5, steps: 2, descriptionTokens: 1200 });
    const table = formatTokensReport({ scenarios: [{ name: "pages", direct: measure(10_000), codeMode: measure(1000), reduction: 0.9 }] });
    expect(table.split("\n")[2]).toBe("| pages | 10,000 / 1,000 | 90.0% | 5 / 5 | 2 / 2 | 1,200 / 1,200 |");
  });
});
