import { CodeModeError } from "@codemode/core";
import { gatewayConfigSchema, type GatewayConfig } from "./gateway-config.js";

const ENV_REFERENCE = /\$\{env:([A-Za-z_][A-Za-z0-9_]*)\}/g;

/** Options of {@link parseGatewayConfig}. */
export interface ParseGatewayConfigOptions {
  /** Where `${env:NAME}` references are looked up. Default: `process.env`. */
  env?: Record<string, string | undefined>;
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
  const problems: string[] = [];
  const substituted = substitute(input, [], env, problems);
  const parsed = gatewayConfigSchema.safeParse(substituted);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) problems.push(...describeIssue(issue));
  }
  if (problems.length > 0 || !parsed.success) {
    throw invalidConfig(problems);
  }
  return parsed.data;
}

function substitute(value: unknown, path: PropertyKey[], env: Record<string, string | undefined>, problems: string[]): unknown {
  if (typeof value === "string") {
    return value.replace(ENV_REFERENCE, (_match, name: string) => {
      const found = env[name];
      if (found === undefined) problems.push(`${formatPath(path)}: environment variable ${name} is not set`);
      return found ?? "";
    });
  }
  if (Array.isArray(value)) return value.map((item, index) => substitute(item, [...path, index], env, problems));
  if (typeof value === "object" && value !== null) {
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [key, substitute(item, [...path, key], env, problems)]),
    );
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
    return issue.keys.map((key) => `${formatPath([...issue.path, key])}: unknown key`);
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
