// Shared by this package's tests: where the real upstream servers live, and small helpers to drive them.
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { createRequire } from "node:module";
import { createServer } from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";

const require = createRequire(import.meta.url);
const packageEntry = (name: string, file: string) => path.join(path.dirname(require.resolve(`${name}/package.json`)), file);

export const PACKAGE_DIR = fileURLToPath(new URL("../..", import.meta.url));
export const FAULT_SERVER = fileURLToPath(new URL("./fault-server.mjs", import.meta.url));
export const FAULT_HTTP_SERVER = fileURLToPath(new URL("./fault-http-server.mjs", import.meta.url));
/** A server with resources that reads their URIs leniently (fragments, queries, escapes, case, dot segments). */
export const RESOURCES_SERVER = fileURLToPath(new URL("./resources-server.mjs", import.meta.url));
export const SSE_SERVER = fileURLToPath(new URL("./sse-server.mjs", import.meta.url));
/** Servers of either era whose tools ask their caller (elicitation, sampling), report progress and log. */
export const ASKING_SERVER_2026 = fileURLToPath(new URL("./asking-server-2026.mjs", import.meta.url));
export const ASKING_SERVER_2025 = fileURLToPath(new URL("./asking-server-2025.mjs", import.meta.url));
export const EVERYTHING_SERVER = packageEntry("@modelcontextprotocol/server-everything", "dist/index.js");
export const MEMORY_SERVER = packageEntry("@modelcontextprotocol/server-memory", "dist/index.js");
// The MCP Inspector 2.x launcher; `--cli` runs its command-line client.
export const INSPECTOR = packageEntry("@modelcontextprotocol/inspector", "clients/launcher/build/index.js");
export const CLI_SOURCE = fileURLToPath(new URL("../cli.ts", import.meta.url));

/**
 * How to run the `codemode` CLI: the built dist/cli.js when it is newer than every source file (CI builds first, and
 * plain node starts twice as fast), otherwise the sources through tsx.
 */
export function cliCommand(): string[] {
  const built = path.join(PACKAGE_DIR, "dist", "cli.js");
  if (existsSync(built) && statSync(built).mtimeMs > newestSource(path.join(PACKAGE_DIR, "src"))) return [process.execPath, built];
  return [process.execPath, "--import", "tsx", CLI_SOURCE];
}

function newestSource(folder: string): number {
  return Math.max(
    0,
    ...readdirSync(folder, { withFileTypes: true }).map((entry) => {
      const full = path.join(folder, entry.name);
      if (entry.isDirectory()) return newestSource(full);
      return entry.name.endsWith(".test.ts") || !entry.name.endsWith(".ts") ? 0 : statSync(full).mtimeMs;
    }),
  );
}

/** Polls until the probe returns something truthy, rethrowing its last error at the deadline. */
export async function until<T>(probe: () => T | Promise<T>, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      const value = await probe();
      if (value) return value;
    } catch (error) {
      if (Date.now() > deadline) throw error;
    }
    if (Date.now() > deadline) throw new Error("condition not met in time");
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** A port nobody listens on right now. */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** Starts server-everything over Streamable HTTP on a port; resolves once it listens. */
export function startEverythingHttp(port: number): Promise<ChildProcess> {
  return startListening([EVERYTHING_SERVER, "streamableHttp"], { PORT: String(port) });
}

/** Starts the misbehaving HTTP server (fault-http-server.mjs) on a port; resolves once it listens. */
export function startFaultHttp(port: number, env: Record<string, string> = {}): Promise<ChildProcess> {
  return startListening([FAULT_HTTP_SERVER], { ...env, PORT: String(port) });
}

/** Starts the legacy HTTP+SSE server (sse-server.mjs, SDK 1.32's SSEServerTransport) on a port; resolves once it listens. */
export function startSseServer(port: number, env: Record<string, string> = {}): Promise<ChildProcess> {
  return startListening([SSE_SERVER], { ...env, PORT: String(port) });
}

/** The pids of this process's live children whose command line mentions `needle` (Linux: read from /proc). */
export function childProcesses(needle: string): number[] {
  return readdirSync("/proc")
    .filter((entry) => /^\d+$/.test(entry))
    .filter((pid) => {
      try {
        const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
        // Field 4 is the parent pid; field 3 "Z" is a zombie, already gone for our purposes.
        const [state, parent] = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
        return Number(parent) === process.pid && state !== "Z" && readFileSync(`/proc/${pid}/cmdline`, "utf8").includes(needle);
      } catch {
        return false;
      }
    })
    .map(Number);
}

/** Starts `node ...args` and resolves once its stderr says it is listening. */
export async function startListening(args: string[], env: Record<string, string>): Promise<ChildProcess> {
  const child = spawn(process.execPath, args, { env: { ...process.env, ...env }, stdio: ["ignore", "ignore", "pipe"] });
  await new Promise<void>((resolve, reject) => {
    child.stderr?.on("data", (chunk: Buffer) => chunk.toString().includes("listening") && resolve());
    child.once("exit", (code) => reject(new Error(`${path.basename(args[0] ?? "server")} exited with ${code}`)));
  });
  return child;
}
