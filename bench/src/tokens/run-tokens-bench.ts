import { runTokenScenario, type ModeRun } from "./run-token-scenario.js";
import type { ModeMeasure } from "./measure-steps.js";
import type { TokenScenario } from "./token-scenario.js";
import { TOKEN_SCENARIOS } from "./scenarios/index.js";

/** One scenario's figures, as written to results/tokens.json. */
export interface TokenScenarioReport {
  name: string;
  direct: ModeMeasure;
  codeMode: ModeMeasure;
  /** 1 - codeMode.inputTokens / direct.inputTokens */
  reduction: number;
}

/** The token benchmark's report. */
export interface TokensReport {
  scenarios: TokenScenarioReport[];
}

function measureOf({ inputTokens, resultTokens, steps, descriptionTokens }: ModeRun): ModeMeasure {
  return { inputTokens, resultTokens, steps, descriptionTokens };
}

/**
 * Runs every scenario in both modes and checks that each mode gave the expected answer; throws on a wrong answer,
 * which makes `pnpm bench` exit non-zero.
 */
export async function runTokensBench(
  log: (line: string) => void = () => {},
  scenarios: readonly TokenScenario[] = TOKEN_SCENARIOS,
): Promise<TokensReport> {
  const reports: TokenScenarioReport[] = [];
  for (const scenario of scenarios) {
    log(`tokens: ${scenario.name}`);
    const direct = await runTokenScenario(scenario, "direct");
    const codeMode = await runTokenScenario(scenario, "codeMode");
    for (const [mode, run] of [["direct", direct], ["code mode", codeMode]] as const) {
      if (run.answer !== scenario.expected) {
        throw new Error(`${scenario.name}: ${mode} answered ${run.answer}, expected ${scenario.expected}`);
      }
    }
    const reduction = 1 - codeMode.inputTokens / direct.inputTokens;
    reports.push({ name: scenario.name, direct: measureOf(direct), codeMode: measureOf(codeMode), reduction });
  }
  return { scenarios: reports };
}
