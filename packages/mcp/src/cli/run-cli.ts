import { readFile, stat } from "node:fs/promises";
import path from "node:path";
import { parseArgs } from "node:util";
import { CodeModeError, isCodeModeError, nearestName } from "@codemode/core";
import { defaultCacheDir } from "../catalog-cache/index.js";
import { replicaIdOf } from "../cluster/index.js";
import { importClientConfig, loadGatewayConfig, parseGatewayConfig, readClientConfigFile, type GatewayConfig } from "../config/index.js";
import { createGateway, startNamedUpstreams, withUnlistedUpstreams, type Gateway } from "../gateway/index.js";
import { createLogger, formatLogEntry, LOG_LEVELS, type LogLevel } from "../operate/index.js";
import { withDeclined, type GatewayCallContext } from "../tools/index.js";
import { CLI_USAGE } from "./cli-usage.js";
import { createProgress } from "./create-progress.js";
import { runCheck } from "./run-check.js";
import { runLogin, runLogout } from "./run-login.js";
import { readPackageVersion } from "./read-package-version.js";

/** Where the CLI writes, so tests can read what it printed. */
export interface CliIo {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  /** Whether stderr is a terminal: progress is then one live line rather than a line per step. */
  stderrIsTerminal?: boolean;
}

/** The error of a command line the CLI cannot run; it exits 2 with the message and a pointer to `--help`. */
function usageError(message: string): CodeModeError {
  return new CodeModeError("INVALID_USAGE", message);
}

const OPTIONS = {
  config: { type: "string", short: "c" },
  transport: { type: "string" },
  host: { type: "string" },
  port: { type: "string" },
  server: { type: "string" },
  limit: { type: "string" },
  detail: { type: "string" },
  workspace: { type: "string" },
  "no-browser": { type: "boolean" },
  "grace-ms": { type: "string" },
  "log-level": { type: "string" },
  console: { type: "boolean" },
  help: { type: "boolean", short: "h" },
  version: { type: "boolean", short: "V" },
} as const;

/**
 * Runs the `codemode` command line and resolves to the process's exit code; `serve` resolves only once the gateway
 * has stopped.
 */
export async function runCli(argv: readonly string[], io: CliIo): Promise<number> {
  try {
    return await run(argv, io);
  } catch (error) {
    if (isCodeModeError(error) && (error.code === "INVALID_USAGE" || error.code === "INVALID_CONFIG")) {
      io.stderr(`codemode: ${error.message}\n`);
      if (error.code === "INVALID_USAGE") io.stderr("Run `codemode --help` for usage.\n");
      return 2;
    }
    throw error;
  }
}

async function run(argv: readonly string[], io: CliIo): Promise<number> {
  const separator = argv.indexOf("--");
  const own = separator === -1 ? [...argv] : argv.slice(0, separator);
  const scriptArgs = separator === -1 ? [] : argv.slice(separator + 1);
  let parsed;
  try {
    parsed = parseArgs({ args: own, options: OPTIONS, allowPositionals: true, strict: true });
  } catch (error) {
    throw usageError((error as Error).message);
  }
  const { values, positionals } = parsed;
  const [command, ...rest] = positionals;
  if (values.version) {
    io.stdout(`${readPackageVersion()}\n`);
    return 0;
  }
  if (values.help || command === "help" || command === undefined) {
    io.stdout(`${CLI_USAGE}\n`);
    return command === undefined && !values.help ? 2 : 0;
  }
  if (scriptArgs.length > 0 && command !== "exec") throw usageError(`\`--\` arguments are only for exec.`);
  if (values.workspace !== undefined && command !== "exec") throw usageError("--workspace is only for exec.");
  if (values["no-browser"] && command !== "login") throw usageError("--no-browser is only for login.");
  for (const flag of ["grace-ms", "log-level", "console"] as const) {
    if (values[flag] !== undefined && command !== "serve") throw usageError(`--${flag} is only for serve.`);
  }
  switch (command) {
    case "serve":
      expectPositionals(command, rest, 0);
      return serve(await requireConfig(values.config), values, io);
    case "exec": {
      expectPositionals(command, rest, 1, "SCRIPT");
      const loaded = values.config ? await requireConfig(values.config) : { config: parseGatewayConfig({ mcpServers: {} }), baseDir: process.cwd() };
      const workspace = values.workspace === undefined ? undefined : await requireFolder(values.workspace);
      const code = await readScript(rest[0] as string);
      return withGateway(loaded, io, workspace, async (gateway, print) => {
        // Nothing is started before the script is checked: a fault is reported at once, and each upstream starts when
        // the script first calls it. An upstream the catalog cache does not know is started first when the script
        // names it (the check must know its tools), and every one when the script searches the catalog.
        if (/\bcatalog\s*\./.test(code)) await gateway.start({ upstreams: uncached(gateway) });
        const unlisted = await startNamedUpstreams(code, {
          upstreams: () => gateway.upstreams(),
          check: loaded.config.script?.check === "off" ? undefined : (script) => gateway.codeMode.check(script),
          ready: (id) => startUpstream(gateway, id),
        });
        // No client to ask: the upstreams' questions are declined, and the result's diagnostics say so.
        const declined: string[] = [];
        const context: GatewayCallContext = { caller: { onDeclined: (message) => declined.push(message) } };
        const result = withUnlistedUpstreams(withDeclined(await gateway.codeMode.execute(code, { args: scriptArgs, context }), declined), unlisted);
        print(`${JSON.stringify(result, null, 2)}\n`);
        return result.status === "completed" ? 0 : 1;
      });
    }
    case "check": {
      expectPositionals(command, rest, 1, "SCRIPT");
      const loaded = values.config ? await requireConfig(values.config) : { config: parseGatewayConfig({ mcpServers: {} }), baseDir: process.cwd() };
      const file = rest[0] as string;
      const code = await readScript(file);
      return withGateway(loaded, io, undefined, async (gateway, print) => {
        const notKnown = await startUncached(gateway);
        if (notKnown) return notKnown;
        return runCheck(file, code, (script) => gateway.codeMode.check(script), { stdout: print });
      });
    }
    case "search": {
      expectPositionals(command, rest, 1, "QUERY");
      const limit = values.limit === undefined ? undefined : parsePositiveInteger("--limit", values.limit);
      if (values.detail !== undefined && values.detail !== "brief" && values.detail !== "full") {
        throw usageError(`--detail must be brief or full, not "${values.detail}".`);
      }
      return withGateway(await requireConfig(values.config), io, undefined, async (gateway, print) => {
        if (values.server !== undefined) requireUpstream(gateway, values.server);
        const notKnown = await startUncached(gateway);
        if (notKnown) return notKnown;
        const args = { query: rest[0], detail: values.detail ?? "brief", ...(values.server ? { namespace: values.server } : {}), ...(limit ? { limit } : {}) };
        print(`${JSON.stringify(await gateway.codeMode.catalog.search(args), null, 2)}\n`);
        return 0;
      });
    }
    case "types":
      expectPositionals(command, rest, 0);
      return withGateway(await requireConfig(values.config), io, undefined, async (gateway, print) => {
        const notKnown = await startUncached(gateway);
        if (notKnown) return notKnown;
        print(`${gateway.codeMode.declarations()}\n`);
        return 0;
      });
    case "login": {
      expectPositionals(command, rest, 1, "SERVER");
      const loaded = await requireConfig(values.config);
      const options = { ...loaded, configFile: values.config as string, server: rest[0] as string, openBrowser: !values["no-browser"] };
      return runLogin(options, io);
    }
    case "logout":
      expectPositionals(command, rest, 1, "SERVER");
      return runLogout(rest[0] as string, io);
    case "import": {
      expectPositionals(command, rest, 1, "FILE");
      const file = rest[0] as string;
      const { config, notes } = importClientConfig(await readClientConfigFile(file), { file });
      for (const note of notes) io.stderr(`codemode import: ${note}\n`);
      io.stdout(`${JSON.stringify(config, null, 2)}\n`);
      return 0;
    }
    default:
      throw usageError(`unknown command "${command}"; the commands are serve, exec, check, search, types, login, logout and import.`);
  }
}

interface ServeFlags {
  transport?: string;
  host?: string;
  port?: string;
  "grace-ms"?: string;
  "log-level"?: string;
  console?: boolean;
}

async function serve(loaded: LoadedConfig, values: ServeFlags, io: CliIo): Promise<number> {
  const transport = values.transport ?? "stdio";
  if (transport !== "stdio" && transport !== "http") throw usageError(`--transport must be stdio or http, not "${transport}".`);
  if (transport === "stdio" && (values.host !== undefined || values.port !== undefined || values.console)) {
    throw usageError("--host, --port and --console are only for --transport http.");
  }
  const port = values.port === undefined ? 8787 : parsePort(values.port);
  const graceMs = values["grace-ms"] === undefined ? (loaded.config.shutdown?.graceMs ?? 10_000) : parseCount("--grace-ms", values["grace-ms"]);
  const level = parseLogLevel(values["log-level"]);
  // Log collectors read JSON lines; a person at a terminal reads text.
  const format = process.stderr.isTTY ? "text" : "json";
  const write = (_message: string, entry: Parameters<typeof formatLogEntry>[0]) => io.stderr(`${formatLogEntry(entry, format)}\n`);
  const logger = createLogger({ write, level, ...(loaded.config.cluster ? { fields: { replica: replicaIdOf(loaded.config.cluster) } } : {}) });
  // --console turns the web console on for every principal, unless the config already says who may use it.
  const config = values.console && !loaded.config.console ? { ...loaded.config, console: true } : loaded.config;
  const gateway = createGateway(config, { baseDir: loaded.baseDir, log: write, logLevel: level, catalogCache: catalogCacheDir() });
  // Upstreams connect in the background: a client lists the gateway's tools at once, and a call that needs an
  // upstream still starting waits for it. Their start-up waits for that first listing (a second at most), on which
  // it would otherwise spend the CPU. A cluster that cannot start fails serving below, with its own message.
  gateway.start({ afterFirstListingMs: 1000 }).catch(() => undefined);
  const stopped = new Promise<string>((resolve) => {
    for (const signal of ["SIGINT", "SIGTERM"] as const) process.once(signal, () => resolve(signal));
    if (transport === "stdio") process.stdin.once("close", () => resolve("stdin closed"));
  });
  // A refused address or metrics port (INVALID_CONFIG, exit 2) must not leave the upstreams running.
  const closeOnError = async (error: unknown): Promise<never> => {
    await gateway.close();
    throw error;
  };
  let stdio: { close(): Promise<void> } | undefined;
  if (transport === "stdio") {
    stdio = await gateway.serveStdio().catch(closeOnError);
    logger.info("codemode gateway serving on stdio");
  } else {
    const listener = await gateway.listen({ host: values.host ?? "127.0.0.1", port }).catch(closeOnError);
    // The URL is followed by a space even inside a JSON line, so scripts that read it with /listening on (\S+)/ work.
    logger.info(`codemode gateway listening on ${listener.url} (Streamable HTTP)`, { url: listener.url });
    if (config.console) {
      const consoleUrl = new URL("/console/", listener.url).href;
      logger.info(`codemode console on ${consoleUrl} (sign in with a token the gateway takes)`, { url: consoleUrl });
    }
  }
  const reason = await stopped;
  // A second signal while draining ends the process at once, with the shell's code for death by that signal.
  for (const signal of ["SIGINT", "SIGTERM"] as const) process.once(signal, () => process.exit(signal === "SIGINT" ? 130 : 143));
  logger.info(`stopping (${reason}): running executions get up to ${graceMs} ms to finish`, { graceMs });
  await stdio?.close();
  await gateway.close({ graceMs });
  logger.info("codemode gateway stopped");
  return 0;
}

function parseLogLevel(text: string | undefined): LogLevel {
  if (text === undefined) return "info";
  if (!(LOG_LEVELS as string[]).includes(text)) throw usageError(`--log-level must be one of ${LOG_LEVELS.join(", ")}, not "${text}".`);
  return text as LogLevel;
}

interface LoadedConfig {
  config: GatewayConfig;
  baseDir: string;
}

async function requireConfig(file: string | undefined): Promise<LoadedConfig> {
  if (!file) throw usageError("--config FILE is required.");
  return { config: await loadGatewayConfig(file), baseDir: path.dirname(path.resolve(file)) };
}

/** Where the CLI keeps each upstream's tool list between runs (`CODEMODE_CACHE_DIR` moves it). */
function catalogCacheDir(): string {
  return path.join(defaultCacheDir(), "catalogs");
}

/**
 * Runs a one-shot command against a gateway whose upstreams start when first needed (or when the command starts
 * them), with progress on stderr. An upstream that could not start is named there, with the server's own stderr.
 */
async function withGateway(
  loaded: LoadedConfig,
  io: CliIo,
  workspace: string | undefined,
  body: (gateway: Gateway, print: (text: string) => void) => Promise<number>,
): Promise<number> {
  const logs: string[] = [];
  const progress = createProgress(io.stderr, io.stderrIsTerminal === true);
  const gateway = createGateway(loaded.config, {
    baseDir: loaded.baseDir,
    catalogCache: catalogCacheDir(),
    log: (line, entry) => void (progress.show(entry) || logs.push(line)),
    // One local user: the script's files are the folder itself, not a folder per owner inside it.
    ...(workspace ? { workspace: { dir: workspace, shared: true } } : {}),
  });
  try {
    const code = await body(gateway, (text) => {
      progress.close();
      io.stdout(text);
    });
    progress.close();
    // What a server printed before it failed is often the reason.
    if (gateway.upstreams().some((upstream) => upstream.status === "down")) for (const line of logs) io.stderr(`${line}\n`);
    return code;
  } finally {
    progress.close();
    await gateway.close();
  }
}

/** The ids of the upstreams no tool list is known of (not in the catalog cache, not listed yet). */
function uncached(gateway: Gateway): string[] {
  return gateway.upstreams().filter((upstream) => upstream.catalog === "none").map((upstream) => upstream.id);
}

/**
 * Starts the upstreams the catalog cache knows nothing of, so that their tools are listed too; resolves to exit code 2
 * when no upstream has tools to show after that (every one down), else undefined.
 */
async function startUncached(gateway: Gateway): Promise<number | undefined> {
  await gateway.start({ upstreams: uncached(gateway) });
  const upstreams = gateway.upstreams();
  return upstreams.length > 0 && upstreams.every((upstream) => upstream.catalog === "none") ? 2 : undefined;
}

/** Starts one upstream; rejects, saying why, when it could not list its tools. */
async function startUpstream(gateway: Gateway, id: string): Promise<void> {
  await gateway.start({ upstreams: [id] });
  const state = gateway.upstreams().find((upstream) => upstream.id === id);
  if (state?.catalog === "none") throw new Error(`Upstream ${id} is down (${state.error ?? "it could not start"}); retrying.`);
}

/** Refuses a `--server` that names no upstream, with the one it most likely meant. */
function requireUpstream(gateway: Gateway, id: string): void {
  const ids = gateway.upstreams().map((upstream) => upstream.id);
  if (ids.includes(id)) return;
  const near = nearestName(id, ids);
  throw usageError(`--server ${id}: no upstream has that id${near === undefined ? "" : `; did you mean "${near}"?`} The upstreams are ${ids.join(", ") || "none"}.`);
}

/** The path of an existing folder for `--workspace`; anything else is a usage error. */
async function requireFolder(dir: string): Promise<string> {
  const stats = await stat(dir).catch(() => null);
  if (!stats?.isDirectory()) throw usageError(`--workspace ${dir} is not an existing folder.`);
  return dir;
}

async function readScript(file: string): Promise<string> {
  try {
    if (file === "-") return await readStream(process.stdin);
    return await readFile(file, "utf8");
  } catch (error) {
    throw usageError(`cannot read the script ${file}: ${(error as NodeJS.ErrnoException).code === "ENOENT" ? "file not found" : (error as Error).message}.`);
  }
}

async function readStream(stream: NodeJS.ReadableStream): Promise<string> {
  let text = "";
  for await (const chunk of stream) text += chunk.toString();
  return text;
}

function expectPositionals(command: string, rest: string[], count: number, name?: string) {
  if (rest.length < count) throw usageError(`${command} needs ${name}.`);
  if (rest.length > count) throw usageError(`${command}: unexpected argument "${rest[count]}".`);
}

function parsePort(text: string): number {
  const port = Number(text);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw usageError(`--port must be a port number, not "${text}".`);
  return port;
}

function parseCount(flag: string, text: string): number {
  const value = Number(text);
  if (!Number.isInteger(value) || value < 0) throw usageError(`${flag} must be a whole number of milliseconds, not "${text}".`);
  return value;
}

function parsePositiveInteger(flag: string, text: string): number {
  const value = Number(text);
  if (!Number.isInteger(value) || value < 1) throw usageError(`${flag} must be a positive integer, not "${text}".`);
  return value;
}
