import { readFileSync } from "node:fs";
import { homedir } from "node:os";
import path from "node:path";
import { parseEnv } from "node:util";
import { CodeModeError, nearestName } from "@codemode/core";
import { clusterConfigSchema, type ClusterConfig } from "./cluster-config.js";
import { gatewayConfigSchema, type GatewayConfig } from "./gateway-config.js";
import { expandVariables } from "./expand-variables.js";
import { keysAt } from "./keys-at.js";

/** Options of {@link parseGatewayConfig}. */
export interface ParseGatewayConfigOptions {
  /** Where `${env:NAME}` and `${NAME}` references are looked up. Default: `process.env`. */
  env?: Record<string, string | undefined>;
  /**
   * The file the config was read from: `envFile` paths are relative to its folder, and `${workspaceFolder}` is that
   * folder (its parent when the file sits in `.vscode` or `.cursor`, as those editors mean it). Default: the working
   * directory stands for the folder.
   */
  file?: string;
}

/**
 * The `INVALID_CONFIG` error of a gateway config that cannot be used; `details.problems` holds one
 * `path: what is wrong` line per bad key, and `details.file` the file when one was read.
 */
export function invalidConfig(problems: readonly string[], file?: string): CodeModeError {
  const details = file === undefined ? { problems } : { problems, file };
  return new CodeModeError("INVALID_CONFIG", `Invalid gateway config: ${problems.join("; ")}.`, { details });
}

/**
 * Checks a gateway config (already parsed from JSON) and substitutes `${env:NAME}` references in its strings; throws an
 * `INVALID_CONFIG` {@link CodeModeError} whose message and `details.problems` name the JSON path of every bad key.
 *
 * @example
 * const config = parseGatewayConfig(JSON.parse(await readFile("gateway.config.json", "utf8")));
 */
export function parseGatewayConfig(input: unknown, options: ParseGatewayConfigOptions = {}): GatewayConfig {
  const env = options.env ?? process.env;
  const folder = options.file === undefined ? process.cwd() : path.dirname(path.resolve(options.file));
  const problems: string[] = [];
  const variables = { env, home: homedir(), workspaceFolder: workspaceFolderOf(folder) };
  const substituted = substitute(input, [], (text, at) => expandVariables(text, variables, (problem) => problems.push(`${formatPath(at)}: ${problem}`)));
  const parsed = gatewayConfigSchema.safeParse(substituted);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) problems.push(...describeIssue(issue));
    // Claude Desktop's, Claude Code's and VS Code's settings files keep other settings beside the servers: an unknown
    // root key that is no misspelling of the gateway's own says so.
    const rootKeys = keysAt(gatewayConfigSchema, []);
    const foreign = (key: string) => nearestName(key, rootKeys) === undefined;
    if (parsed.error.issues.some((issue) => issue.code === "unrecognized_keys" && issue.path.length === 0 && issue.keys.some(foreign))) {
      problems.push("(root): a client's config file holds more than its servers; `codemode import FILE` prints a gateway config of only them");
    }
    throw invalidConfig(problems, options.file);
  }
  const key = (input as { servers?: unknown }).servers === undefined ? "mcpServers" : "servers";
  const servers = Object.entries(parsed.data.mcpServers).map(([id, { envFile, ...server }]) => {
    if (envFile === undefined) return [id, server] as const;
    const fromFile = readEnvFile(path.resolve(folder, envFile), formatPath([key, id, "envFile"]), problems);
    return [id, { ...server, env: { ...fromFile, ...server.env } }] as const;
  });
  if (problems.length > 0) throw invalidConfig(problems, options.file);
  return { ...parsed.data, mcpServers: Object.fromEntries(servers) };
}

/** Checks a `cluster` given outside a config file (`createGateway`'s option); throws `INVALID_CONFIG` naming each bad key. */
export function parseClusterConfig(input: unknown): ClusterConfig {
  const parsed = clusterConfigSchema.safeParse(input);
  if (parsed.success) return parsed.data;
  throw invalidConfig(parsed.error.issues.flatMap((issue) => describeIssue({ ...issue, path: ["cluster", ...issue.path] })));
}

// VS Code and Cursor keep a project's mcp.json in .vscode/ or .cursor/, and mean the project's folder.
function workspaceFolderOf(folder: string): string {
  const name = path.basename(folder);
  return name === ".vscode" || name === ".cursor" ? path.dirname(folder) : folder;
}

function readEnvFile(file: string, at: string, problems: string[]): Record<string, string> {
  try {
    return parseEnv(readFileSync(file, "utf8")) as Record<string, string>;
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code === "ENOENT" ? "file not found" : (error as Error).message;
    problems.push(`${at}: cannot read ${file} (${reason})`);
    return {};
  }
}

function substitute(value: unknown, at: PropertyKey[], expand: (text: string, at: PropertyKey[]) => string): unknown {
  if (typeof value === "string") return expand(value, at);
  if (Array.isArray(value)) return value.map((item, index) => substitute(item, [...at, index], expand));
  if (typeof value === "object" && value !== null) {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, substitute(item, [...at, key], expand)]));
  }
  return value;
}

interface Issue {
  code: string;
  message: string;
  path: PropertyKey[];
  keys?: string[];
  issues?: { message: string }[];
}

function describeIssue(issue: Issue): string[] {
  if (issue.code === "invalid_key" && issue.issues?.[0]) return [`${formatPath(issue.path)}: ${issue.issues[0].message}`];
  if (issue.code === "unrecognized_keys" && issue.keys) {
    const known = keysAt(gatewayConfigSchema, issue.path);
    return issue.keys.map((key) => {
      const near = nearestName(key, known);
      const fix = near !== undefined ? ` (did you mean "${near}"?)` : known.length > 0 ? ` (the keys here are ${known.join(", ")})` : "";
      return `${formatPath([...issue.path, key])}: unknown key${fix}`;
    });
  }
  return [`${formatPath(issue.path)}: ${issue.message}`];
}

function formatPath(path: readonly PropertyKey[]): string {
  if (path.length === 0) return "(root)";
  return path
    .map((segment, index) => {
      if (typeof segment === "number") return `[${segment}]`;
      const key = String(segment);
      if (!/^[A-Za-z0-9_-]+$/.test(key)) return `[${JSON.stringify(key)}]`;
      return `${index > 0 ? "." : ""}${key}`;
    })
    .join("");
}
