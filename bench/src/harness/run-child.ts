import { spawn } from "node:child_process";
import { performance } from "node:perf_hooks";

/** What {@link runChild} reports: the child's last stdout line as JSON, and the wall time seen from outside. */
export interface ChildResult<T> {
  value: T;
  wallMs: number;
  /** The child printed its answer, then hung on exit and was killed at the timeout (isolated-vm does this). */
  hungOnExit: boolean;
}

/** Options of {@link runChild}. */
export interface RunChildOptions {
  /** The Node binary; defaults to this process's. */
  node?: string;
  /** Flags before the script, such as `--import tsx`. */
  nodeArgs?: readonly string[];
  cwd: string;
  timeoutMs?: number;
}

/**
 * Runs a script in a fresh Node process and parses the JSON it prints on its last line. Throws, with the child's
 * stderr, when it exits non-zero, prints no JSON or runs past its timeout: a crash is a failed benchmark.
 */
export async function runChild<T>(script: string, args: readonly string[], options: RunChildOptions): Promise<ChildResult<T>> {
  try {
    return await spawnChild<T>(script, args, options);
  } catch (error) {
    // Other engineers rebuild packages/core in this shared workspace; tsdown empties dist/ for a few seconds first.
    if (!/ERR_MODULE_NOT_FOUND[\s\S]*@codemode\/core/.test(String(error))) throw error;
    await new Promise((resolve) => setTimeout(resolve, 20_000));
    return spawnChild<T>(script, args, options);
  }
}

function spawnChild<T>(script: string, args: readonly string[], options: RunChildOptions): Promise<ChildResult<T>> {
  const env = { ...process.env };
  // A loader inherited from the parent (tsx) would be measured as part of a cold start.
  delete env.NODE_OPTIONS;
  const started = performance.now();
  const timeoutMs = options.timeoutMs ?? 120_000;
  // The spawn's timeout stops the child with SIGTERM: a child that never answers is reported as hung, not waited for.
  const timedOut = () => performance.now() - started >= timeoutMs;
  const child = spawn(options.node ?? process.execPath, [...(options.nodeArgs ?? []), script, ...args], {
    cwd: options.cwd,
    env,
    stdio: ["ignore", "pipe", "pipe"],
    timeout: timeoutMs,
  });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (chunk) => (stdout += chunk));
  child.stderr.on("data", (chunk) => (stderr += chunk));
  return new Promise((resolve, reject) => {
    child.on("error", reject);
    child.on("close", (code, signal) => {
      const wallMs = performance.now() - started;
      const last = stdout.trim().split("\n").pop() ?? "";
      let value: T | undefined;
      try {
        value = JSON.parse(last) as T;
      } catch {
        value = undefined;
      }
      if (signal === "SIGTERM" && value !== undefined) {
        resolve({ value, wallMs, hungOnExit: true });
      } else if (signal === "SIGTERM" && timedOut()) {
        reject(new Error(`${script} ${args.join(" ")} hung: no answer within ${Math.round(timeoutMs / 1000)} s, so it was stopped`));
      } else if (code !== 0 || value === undefined) {
        const why = signal ? `was killed by ${signal}` : `exited with ${code}`;
        reject(new Error(`${script} ${args.join(" ")} ${why}: ${(stderr || stdout).trim().slice(-2000)}`));
      } else {
        resolve({ value, wallMs, hungOnExit: false });
      }
    });
  });
}
