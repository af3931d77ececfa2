import type { TokensReport } from "./run-tokens-bench.js";

const number = (value: number) => value.toLocaleString("en");
const pair = (direct: number, codeMode: number) => `${number(direct)} / ${number(codeMode)}`;

/** The token report as a markdown table (direct / code mode in each cell), ready for the README. */
export function formatTokensReport(report: TokensReport): string {
  const header = ["scenario", "input tokens", "reduction", "tool-result tokens", "steps", "description tokens"];
  const rows = report.scenarios.map(({ name, direct, codeMode, reduction }) => [
    name,
    pair(direct.inputTokens, codeMode.inputTokens),
    `${(reduction * 100).toFixed(1)}%`,
    pair(direct.resultTokens, codeMode.resultTokens),
    pair(direct.steps, codeMode.steps),
    pair(direct.descriptionTokens, codeMode.descriptionTokens),
  ]);
  const line = (cells: readonly string[]) => `| ${cells.join(" | ")} |`;
  return [
    line(header),
    line(header.map((_, column) => (column === 0 ? "---" : "---:"))),
    ...rows.map(line),
    "",
    "Each cell is direct tool calling / code mode, in o200k tokens of the exact prompts the AI SDK sent at every step.",
  ].join("\n");
}
