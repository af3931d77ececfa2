import { execFile } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { fileURLToPath } from "node:url";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { summarize, type Summary } from "../stats/summarize.js";
import { buildBaselineCli } from "./build-baseline-cli.js";

/** What `pnpm bench cli` measures, and against which commit. */
export interface CliBenchSettings {
  /** Rounds; each runs every command once per variant, in alternating order. */
  rounds: number;
  /** The git ref whose CLI is measured beside the working tree's. */
  baseline: string;
}

export const DEFAULT_CLI_SETTINGS: CliBenchSettings = { rounds: 5, baseline: "main" };

/** The commands measured: `serve` is the time until an MCP client over stdio has the tool list; the others, wall time. */
export const CLI_COMMANDS = ["serve", "search", "types", "exec"] as const;
export type CliCommand = (typeof CLI_COMMANDS)[number];

/** One command's figures in one variant: wall time and how many upstream server processes it started. */
export interface CommandFigures {
  wallMs: Summary;
  /** Median count of server processes started per run (for `serve`, by the time it had stopped). */
  starts: number;
}

/** What `pnpm bench cli` writes to results/cli.json. */
export interface CliReport {
  settings: CliBenchSettings;
  baseline: { ref: string; commit: string };
  /** Per command: this tree with an empty catalog cache, with a filled one, and the baseline's CLI (which has none). */
  commands: Record<CliCommand, { cold: CommandFigures; cached: CommandFigures; baseline: CommandFigures }>;
  /** `codemode --version` of this tree: a Node process that loads the CLI and exits, the least any command costs here. */
  floorMs: Summary;
  /** Answers that were not what the command should give; must be empty. */
  wrong: string[];
}

const require = createRequire(import.meta.url);
const entryOf = (manifest: string) => path.join(path.dirname(manifest), "dist", "index.js");
const SERVERS = {
  everything: entryOf(require.resolve("@modelcontextprotocol/server-everything/package.json")),
  memory: entryOf(require.resolve("@modelcontextprotocol/server-memory/package.json")),
  fs: entryOf(require.resolve("@modelcontextprotocol/server-filesystem/package.json")),
};
const COUNTED_SERVER = fileURLToPath(new URL("./counted-server.mjs", import.meta.url));
const CURRENT_CLI = fileURLToPath(new URL("../../../packages/mcp/dist/cli.js", import.meta.url));
const EXEC_SCRIPT = "const graph = await tools.memory.read_graph({});\nreturn graph.ok ? graph.data : graph.error;\n";

type Variant = "cold" | "cached" | "baseline";
interface Sample {
  wallMs: number;
  starts: number;
}

/**
 * The first minute of a new user: three npm MCP servers (server-everything, server-memory, server-filesystem) in a
 * config written as Claude Desktop writes it, and the time until `serve` lists its tools and `search`, `types` and
 * `exec` finish, with the catalog cache empty and filled, beside the same commands at the baseline commit.
 */
export async function runCliBench(log: (line: string) => void, settings: CliBenchSettings = DEFAULT_CLI_SETTINGS): Promise<CliReport> {
  const baseline = await buildBaselineCli(settings.baseline, log);
  const work = mkdtempSync(path.join(tmpdir(), "codemode-bench-cli-"));
  const wrong: string[] = [];
  try {
    const startsFile = path.join(work, "starts.log");
    const files = path.join(work, "files");
    const config = path.join(work, "claude_desktop_config.json");
    const script = path.join(work, "read-graph.js");
    writeFileSync(script, EXEC_SCRIPT);
    // The shape Claude Desktop writes; each server through a launcher that counts its starts (in the same process).
    const server = (id: keyof typeof SERVERS, ...args: string[]) => ({ command: process.execPath, args: [COUNTED_SERVER, startsFile, id, SERVERS[id], ...args] });
    writeFileSync(
      config,
      JSON.stringify({
        mcpServers: {
          everything: server("everything"),
          memory: { ...server("memory"), env: { MEMORY_FILE_PATH: path.join(work, "memory.jsonl") } },
          fs: server("fs", files),
        },
      }),
    );
    mkdirSync(files);
    const filledCache = path.join(work, "cache-filled");
    const clis: Record<Variant, string> = { cold: CURRENT_CLI, cached: CURRENT_CLI, baseline: baseline.cli };
    const cacheFor = (variant: Variant) => (variant === "cached" ? filledCache : mkdtempSync(path.join(work, "cache-empty-")));

    log("cli: filling the catalog cache once");
    await runCommand(CURRENT_CLI, ["types", "--config", config], filledCache);

    const samples = Object.fromEntries(CLI_COMMANDS.map((command) => [command, { cold: [] as Sample[], cached: [] as Sample[], baseline: [] as Sample[] }])) as Record<CliCommand, Record<Variant, Sample[]>>;
    const variants: Variant[] = ["baseline", "cold", "cached"];
    const floor: number[] = [];
    for (let round = 0; round < settings.rounds; round++) {
      log(`cli: round ${round + 1}/${settings.rounds}`);
      const started = performance.now();
      await runCommand(CURRENT_CLI, ["--version"], filledCache);
      floor.push(performance.now() - started);
      const order = round % 2 === 0 ? variants : [...variants].reverse();
      for (const command of CLI_COMMANDS) {
        for (const variant of order) {
          writeFileSync(startsFile, "");
          const cache = cacheFor(variant);
          const started = performance.now();
          const { answer, wallMs } =
            command === "serve"
              ? await listThroughServe(clis[variant], config, cache)
              : { answer: await runCommand(clis[variant], commandArgs(command, config, script), cache), wallMs: performance.now() - started };
          const starts = serverLines(startsFile).filter((line) => !line.startsWith("exit ")).length;
          const problem = checkAnswer(command, answer);
          if (problem) wrong.push(`${command} (${variant}, round ${round + 1}): ${problem}`);
          samples[command][variant].push({ wallMs, starts });
          // Servers still exiting take the CPU from the next command: on two cores, `serve` timed while the previous
          // command's servers exited took 440-470 ms, and 230-255 ms once they had, whichever CLI it was.
          if (!(await serversExited(startsFile))) log(`cli: ${command} (${variant}) left a server running for 10 s`);
        }
      }
    }
    const figures = (list: Sample[]): CommandFigures => ({
      wallMs: summarize(list.map((sample) => sample.wallMs)),
      starts: summarize(list.map((sample) => sample.starts)).median,
    });
    const commands = Object.fromEntries(
      CLI_COMMANDS.map((command) => [command, { cold: figures(samples[command].cold), cached: figures(samples[command].cached), baseline: figures(samples[command].baseline) }]),
    ) as CliReport["commands"];
    return { settings, baseline: { ref: baseline.ref, commit: baseline.commit }, commands, floorMs: summarize(floor), wrong };
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

const serverLines = (startsFile: string) => readFileSync(startsFile, "utf8").split("\n").filter(Boolean);

/** Waits until every server started since the file was emptied has exited (each notes both); false after 10 s. */
async function serversExited(startsFile: string): Promise<boolean> {
  for (const until = performance.now() + 10_000; performance.now() < until; ) {
    const lines = serverLines(startsFile);
    const exits = lines.filter((line) => line.startsWith("exit ")).length;
    if (exits >= lines.length - exits) return true;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return false;
}

function commandArgs(command: Exclude<CliCommand, "serve">, config: string, script: string): string[] {
  if (command === "search") return ["search", "echo", "--config", config];
  if (command === "types") return ["types", "--config", config];
  return ["exec", script, "--config", config];
}

/** What a command printed on stdout, for {@link checkAnswer}; `serve`'s is its tool names. */
function checkAnswer(command: CliCommand, stdout: string): string | undefined {
  try {
    if (command === "serve") return stdout === "execute,search" ? undefined : `listed ${stdout}`;
    if (command === "search") return (JSON.parse(stdout) as { items: { name: string }[] }).items.some((item) => item.name === "everything.echo") ? undefined : "no everything.echo";
    if (command === "types") return ["read_graph", "list_directory", "get-sum"].every((name) => stdout.includes(name)) ? undefined : "a server's tools are missing";
    const result = JSON.parse(stdout) as { status: string; result: unknown };
    return result.status === "completed" && JSON.stringify(result.result).includes("entities") ? undefined : `result ${stdout.slice(0, 200)}`;
  } catch (error) {
    return `${(error as Error).message}: ${stdout.slice(0, 200)}`;
  }
}

function environment(cacheDir: string): Record<string, string> {
  const env = { ...process.env, CODEMODE_CACHE_DIR: cacheDir } as Record<string, string>;
  // A loader inherited from the benchmark's own tsx would be measured as part of each command.
  delete env.NODE_OPTIONS;
  return env;
}

function runCommand(cli: string, args: readonly string[], cacheDir: string): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(process.execPath, [cli, ...args], { env: environment(cacheDir), timeout: 180_000, maxBuffer: 64 * 1024 * 1024 }, (error, stdout, stderr) => {
      if (error) reject(new Error(`codemode ${args[0]} failed: ${error.message}\n${stderr}`));
      else resolve(stdout);
    });
  });
}

/**
 * Starts `codemode serve` over stdio under a 2025-era MCP client (as Claude Desktop is): the tool names it listed, and
 * the time from the spawn to that answer (not the shutdown after it).
 */
async function listThroughServe(cli: string, config: string, cacheDir: string): Promise<{ answer: string; wallMs: number }> {
  const started = performance.now();
  const client = new Client({ name: "cli-bench", version: "1.0.0" });
  await client.connect(new StdioClientTransport({ command: process.execPath, args: [cli, "serve", "--config", config], env: environment(cacheDir), stderr: "ignore" }));
  try {
    const { tools } = await client.listTools();
    return { answer: tools.map((tool) => tool.name).join(","), wallMs: performance.now() - started };
  } finally {
    await client.close();
  }
}
