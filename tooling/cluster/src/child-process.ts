import { spawn, type ChildProcess } from "node:child_process";
import { openSync, closeSync, readFileSync } from "node:fs";

/** A process the harness started in a process group of its own, its output appended to a log file. */
export interface Started {
  readonly child: ChildProcess;
  readonly exited: Promise<number | null>;
  /** Sends `signal` to the whole group (the process and what it started, such as a gateway's stdio upstreams). */
  signal(signal: NodeJS.Signals): void;
}

/** Starts `command` with its stdout and stderr appended to `logFile`. */
export function startLogged(command: string, args: readonly string[], options: { cwd: string; env?: NodeJS.ProcessEnv; logFile: string }): Started {
  const log = openSync(options.logFile, "a");
  // A group of its own, so that killing a replica also kills its upstream servers rather than orphaning them.
  const child = spawn(command, args, { cwd: options.cwd, env: options.env ?? process.env, stdio: ["ignore", log, log], detached: true });
  closeSync(log);
  const exited = new Promise<number | null>((resolve) => {
    child.once("exit", (code, signal) => resolve(code ?? (signal ? -1 : null)));
    child.once("error", () => resolve(-1));
  });
  return {
    child,
    exited,
    signal(signal) {
      if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
      try {
        process.kill(-child.pid, signal);
      } catch {
        // The group has already gone.
      }
    },
  };
}

/** Sends SIGTERM to the group and waits; whatever is still there after `graceMs` gets SIGKILL. */
export async function stopGroup(started: Started, graceMs: number): Promise<void> {
  started.signal("SIGTERM");
  const timer = setTimeout(() => started.signal("SIGKILL"), graceMs);
  await started.exited;
  clearTimeout(timer);
  // Upstreams of a gateway that exited first may still be in the group.
  started.signal("SIGKILL");
}

/** The last `lines` lines of a log file, for an error message. */
export function tailOf(logFile: string, lines = 20): string {
  try {
    return readFileSync(logFile, "utf8").trimEnd().split("\n").slice(-lines).join("\n");
  } catch {
    return "(no output)";
  }
}

/** Polls `check` every `everyMs` until it returns a value other than undefined; throws `failure()` after `timeoutMs`. */
export async function waitFor<T>(check: () => Promise<T | undefined>, options: { timeoutMs: number; everyMs?: number; failure: () => Error }): Promise<T> {
  const deadline = Date.now() + options.timeoutMs;
  for (;;) {
    const value = await check().catch(() => undefined);
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw options.failure();
    await new Promise((resolve) => setTimeout(resolve, options.everyMs ?? 100));
  }
}
