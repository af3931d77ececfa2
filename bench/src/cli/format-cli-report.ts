import { formatMs, formatRatio, formatTable } from "../report/format-table.js";
import { CLI_COMMANDS, type CliReport } from "./run-cli-bench.js";

/** The goals of the first minute, each checked against this run's medians. */
function goals(report: CliReport): string[] {
  const { serve, search, types, exec } = report.commands;
  const check = (met: boolean, text: string) => `${met ? "met" : "MISSED"}: ${text}`;
  return [
    check(Math.max(serve.cold.wallMs.median, serve.cached.wallMs.median) <= 1000, `serve lists its tools within 1 s (cold ${formatMs(serve.cold.wallMs.median)}, cached ${formatMs(serve.cached.wallMs.median)})`),
    check(Math.max(search.cached.wallMs.median, types.cached.wallMs.median) <= 1500, `search and types from the cache within 1.5 s (${formatMs(search.cached.wallMs.median)}, ${formatMs(types.cached.wallMs.median)})`),
    check(exec.cold.starts === 1 && exec.cached.starts === 1, `exec of a script that calls one upstream starts that one alone (cold ${exec.cold.starts}, cached ${exec.cached.starts} starts)`),
  ];
}

/** The CLI benchmark as a table: each command cold and cached beside the baseline commit's, with their ratios. */
export function formatCliReport(report: CliReport): string {
  const rows = CLI_COMMANDS.map((command) => {
    const { cold, cached, baseline } = report.commands[command];
    const starts = command === "serve" ? "-" : `${cold.starts} / ${cached.starts} / ${baseline.starts}`;
    return [
      command,
      formatMs(cold.wallMs.median),
      formatMs(cached.wallMs.median),
      formatMs(baseline.wallMs.median),
      formatRatio(cold.wallMs.median / baseline.wallMs.median),
      formatRatio(cached.wallMs.median / baseline.wallMs.median),
      starts,
    ];
  });
  return [
    formatTable(["command", "cold p50", "cached p50", `${report.baseline.ref} p50`, "cold/base", "cached/base", "server starts cold/cached/base"], rows),
    "",
    `${report.settings.rounds} rounds, alternating order; ${report.baseline.ref} is ${report.baseline.commit.slice(0, 12)}, built in the same run.`,
    `floor: \`codemode --version\` (a Node process that loads the CLI and exits) ${formatMs(report.floorMs.median)}; cached search / floor ${formatRatio(report.commands.search.cached.wallMs.median / report.floorMs.median)}, cached types / floor ${formatRatio(report.commands.types.cached.wallMs.median / report.floorMs.median)}.`,
    "serve: from spawning `codemode serve` under a 2025-era stdio client to its tools/list answer; the others: wall time of the process.",
    "Three npm servers (server-everything, server-memory, server-filesystem); cold: an empty catalog cache; cached: a filled one.",
    ...goals(report),
    `wrong answers: ${report.wrong.length}`,
    ...report.wrong.map((problem) => `  ${problem}`),
  ].join("\n");
}
