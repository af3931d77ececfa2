export { formatTokensReport } from "./format-tokens-report.js";
export { runTokensBench, type TokenScenarioReport, type TokensReport } from "./run-tokens-bench.js";
