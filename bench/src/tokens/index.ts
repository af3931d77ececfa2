export { formatTokensReport } from "./format-tokens-report.js";
export { runTokensBench } from "./run-tokens-bench.js";
