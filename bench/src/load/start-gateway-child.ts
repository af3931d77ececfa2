import { fork, type ChildProcess } from "node:child_process";
import { fileURLToPath } from "node:url";
import type { ProcessSample } from "../leaks/sample-process.js";

/** A gateway running in a child process, driven over IPC. */
export interface GatewayChild {
  readonly url: string;
  readonly pid: number;
  /** The child's own sample (after a forced GC): memory, threads, open fds, upstream processes. */
  sample(runs: number): Promise<ProcessSample>;
  close(): Promise<void>;
}

const CHILD = fileURLToPath(new URL("./gateway-child.ts", import.meta.url));
const BENCH_DIR = fileURLToPath(new URL("../..", import.meta.url));

/**
 * Starts gateway-child.ts (two shop upstreams over stdio, each answering after `delayMs`) and waits until it listens;
 * `idleSessionMs` is the gateway's `listen` option (default 10 minutes).
 */
export async function startGatewayChild(options: { delayMs: number; idleSessionMs?: number }): Promise<GatewayChild> {
  const env: NodeJS.ProcessEnv = { ...process.env, SHOP_DELAY_MS: String(options.delayMs) };
  if (options.idleSessionMs) env.GATEWAY_IDLE_SESSION_MS = String(options.idleSessionMs);
  delete env.NODE_OPTIONS;
  const child = fork(CHILD, [], { cwd: BENCH_DIR, env, execArgv: ["--expose-gc", "--import", "tsx"], stdio: ["ignore", "inherit", "inherit", "ipc"] });
  const url = await new Promise<string>((resolve, reject) => {
    child.once("message", (message: { type: string; url: string }) => resolve(message.url));
    child.once("exit", (code) => reject(new Error(`The gateway child exited with ${code} before listening.`)));
  });
  return {
    url,
    pid: child.pid ?? 0,
    sample: (runs) => request(child, runs),
    close: () => closeGatewayChild(child),
  };
}

/** Asks a gateway child to close over IPC and waits for it to exit; one that is still there after 10 s is killed. */
export async function closeGatewayChild(child: ChildProcess): Promise<void> {
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.send({ type: "close" });
  const timer = setTimeout(() => child.kill("SIGKILL"), 10_000);
  await exited;
  clearTimeout(timer);
}

function request(child: ChildProcess, runs: number): Promise<ProcessSample> {
  return new Promise((resolve, reject) => {
    const onMessage = (message: { type: string; sample: ProcessSample }) => {
      if (message.type !== "sample") return;
      child.off("message", onMessage);
      resolve(message.sample);
    };
    child.on("message", onMessage);
    if (!child.send({ type: "sample", runs })) reject(new Error("The gateway child is gone."));
  });
}
