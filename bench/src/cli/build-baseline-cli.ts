import { execFileSync, spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const REPOSITORY = fileURLToPath(new URL("../../../", import.meta.url));

/** The `codemode` CLI built at a git ref, to measure beside the working tree's. */
export interface BaselineCli {
  ref: string;
  commit: string;
  /** Its `dist/cli.js`. */
  cli: string;
}

/**
 * Builds the `codemode` CLI as it is at `ref` (its committed files, installed and built in a folder of its own under
 * the system's temp folder), once per commit: a later run of the benchmark at the same commit reuses it.
 */
export async function buildBaselineCli(ref: string, log: (line: string) => void): Promise<BaselineCli> {
  const commit = execFileSync("git", ["rev-parse", "--verify", `${ref}^{commit}`], { cwd: REPOSITORY, encoding: "utf8" }).trim();
  const folder = path.join(tmpdir(), `codemode-bench-cli-${commit.slice(0, 12)}`);
  const cli = path.join(folder, "packages", "mcp", "dist", "cli.js");
  if (existsSync(cli)) return { ref, commit, cli };
  log(`cli: building the CLI at ${ref} (${commit.slice(0, 12)}) in ${folder}`);
  await rm(folder, { recursive: true, force: true });
  await mkdir(folder, { recursive: true });
  await run("sh", ["-c", `git -C "${REPOSITORY}" archive ${commit} | tar -x -C "${folder}"`], REPOSITORY);
  // The store on this machine already holds every package the lock names: nothing is downloaded.
  await run("pnpm", ["install", "--frozen-lockfile", "--prefer-offline"], folder);
  await run("pnpm", ["--filter", "@codemode/mcp...", "run", "build"], folder);
  if (!existsSync(cli)) throw new Error(`The CLI at ${ref} did not build: ${cli} is missing.`);
  return { ref, commit, cli };
}

function run(command: string, args: readonly string[], cwd: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, stdio: ["ignore", "ignore", "pipe"] });
    let stderr = "";
    child.stderr.on("data", (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-4000)));
    child.once("error", reject);
    child.once("exit", (code) => (code === 0 ? resolve() : reject(new Error(`${command} ${args.join(" ")} exited with ${code}: ${stderr}`))));
  });
}
