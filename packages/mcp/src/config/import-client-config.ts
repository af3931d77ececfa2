import path from "node:path";
import { invalidConfig } from "./parse-gateway-config.js";
import { envNameFor } from "./expand-variables.js";

/** What {@link importClientConfig} makes of a client's config file. */
export interface ImportClientConfigResult {
  /** The gateway config: `{ mcpServers }`, ready to be written as JSON. */
  config: { mcpServers: Record<string, Record<string, unknown>> };
  /** One line per thing that was left out or rewritten, `path: what happened`. */
  notes: string[];
  /** Which client's format the file was read as. */
  format: string;
}

// What a gateway server entry holds; every other key a client writes is left out with a note.
const ENTRY_KEYS = new Set(["type", "command", "args", "env", "envFile", "cwd", "url", "headers", "timeoutMs", "maxResponseBytes"]);
const NAMESPACE = /^[A-Za-z0-9_-]+$/;
const TYPES: Record<string, string> = { stdio: "stdio", http: "http", "streamable-http": "http", streamablehttp: "http", sse: "sse" };
const WHY_LEFT_OUT: Record<string, string> = {
  dev: "VS Code's development mode (watch, debug), which only the editor runs",
  sandboxEnabled: "VS Code's sandbox for stdio servers, which the gateway does not provide",
  sandbox: "VS Code's sandbox for stdio servers, which the gateway does not provide",
  headersHelper: "a command for headers, which the gateway does not run; write the headers in headers, with ${env:NAME} for a secret",
  auth: "Cursor's OAuth client setting, which the gateway does not read",
  oauth: "the client's own OAuth setting, which the gateway does not read",
  gallery: "VS Code's gallery record",
  version: "VS Code's gallery record",
};

/**
 * Turns the MCP server config of Claude Desktop (`claude_desktop_config.json`), Claude Code (`.mcp.json`,
 * `~/.claude.json`), Cursor (`mcp.json`) or VS Code (`mcp.json`, or `mcp.servers` in `settings.json`) into a gateway
 * config, with a note for everything left out or rewritten: VS Code's `${input:ID}` prompts become `${env:NAME}`,
 * `${workspaceFolder}` and relative paths become absolute (the gateway config may live elsewhere), and server names
 * that are not namespaces are renamed. Throws `INVALID_CONFIG` when the file holds no servers.
 *
 * @example
 * const { config, notes } = importClientConfig(JSON.parse(text), { file: ".vscode/mcp.json" });
 */
export function importClientConfig(input: unknown, options: { file: string }): ImportClientConfigResult {
  const file = path.resolve(options.file);
  const folder = path.dirname(file);
  const workspaceFolder = path.basename(folder) === ".vscode" || path.basename(folder) === ".cursor" ? path.dirname(folder) : folder;
  const found = findServers(input);
  if (!found) {
    throw invalidConfig([`${options.file}: no MCP servers found (expected mcpServers, servers, or mcp.servers in VS Code's settings.json)`], options.file);
  }
  const notes: string[] = [...found.notes];
  const inputs = readInputs((input as Record<string, unknown>).inputs);
  const usedInputs = new Set<string>();
  const mcpServers: Record<string, Record<string, unknown>> = {};
  for (const [name, entry] of Object.entries(found.servers)) {
    const at = `${found.path}${NAMESPACE.test(name) ? `.${name}` : `[${JSON.stringify(name)}]`}`;
    if (typeof entry !== "object" || entry === null || Array.isArray(entry)) {
      notes.push(`${at}: not a server entry (an object); left out`);
      continue;
    }
    const id = uniqueId(name, mcpServers);
    if (id !== name) notes.push(`${at}: renamed to "${id}", as a server id is a namespace of letters, digits, _ and -`);
    const rewrite = (text: string) =>
      text.replace(/\$\{([^}]*)\}/g, (match, inner: string) => {
        if (inner.startsWith("input:")) {
          usedInputs.add(inner.slice(6));
          return `\${env:${envNameFor(inner.slice(6))}}`;
        }
        if (inner === "workspaceFolder") return workspaceFolder;
        if (inner === "workspaceFolderBasename") return path.basename(workspaceFolder);
        return match;
      });
    const converted: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(entry as Record<string, unknown>)) {
      if (!ENTRY_KEYS.has(key)) {
        notes.push(`${at}.${key}: left out: ${WHY_LEFT_OUT[key] ?? "not a key of a gateway server entry"}`);
        continue;
      }
      converted[key] = mapStrings(value, rewrite);
    }
    if (typeof converted.type === "string") {
      const type = TYPES[converted.type.toLowerCase()];
      if (type === undefined) notes.push(`${at}.type: "${converted.type}" is not a transport the gateway speaks (stdio, http, sse); kept as written`);
      else converted.type = type;
    }
    for (const key of ["cwd", "envFile"] as const) {
      const value = converted[key];
      if (typeof value === "string" && !path.isAbsolute(value) && !value.startsWith("${")) {
        converted[key] = path.resolve(folder, value);
        notes.push(`${at}.${key}: made absolute (${converted[key] as string}), as the gateway config may live in another folder`);
      }
    }
    mcpServers[id] = converted;
  }
  if (JSON.stringify(found.servers).includes("${workspaceFolder")) {
    notes.push(`\${workspaceFolder}: written out as ${workspaceFolder}`);
  }
  for (const id of usedInputs) {
    const name = envNameFor(id);
    const description = inputs.get(id);
    notes.push(`\${input:${id}}${description ? ` (${description})` : ""}: now \${env:${name}}; set ${name} in the gateway's environment`);
  }
  for (const id of inputs.keys()) if (!usedInputs.has(id)) notes.push(`inputs: "${id}" is used by no server; left out`);
  return { config: { mcpServers }, notes, format: found.format };
}

interface FoundServers {
  servers: Record<string, unknown>;
  /** Where they sat, for the notes: `mcpServers`, `servers` or `mcp.servers`. */
  path: string;
  format: string;
  notes: string[];
}

function findServers(input: unknown): FoundServers | undefined {
  if (typeof input !== "object" || input === null || Array.isArray(input)) return undefined;
  const root = input as Record<string, unknown>;
  const isObject = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);
  const others = (...keys: string[]) => {
    const left = Object.keys(root).filter((key) => !keys.includes(key));
    if (left.length === 0) return [];
    const shown = left.length > 6 ? `${left.slice(0, 6).join(", ")} and ${left.length - 6} more` : left.join(", ");
    return [`(root): left out ${left.length} key${left.length === 1 ? "" : "s"} that are not about MCP servers: ${shown}`];
  };
  if (isObject(root.servers)) return { servers: root.servers, path: "servers", format: "VS Code mcp.json", notes: others("servers", "inputs") };
  const mcp = root.mcp;
  if (isObject(mcp) && isObject(mcp.servers)) {
    return { servers: mcp.servers, path: "mcp.servers", format: "VS Code settings.json", notes: others("mcp") };
  }
  if (!isObject(root.mcpServers)) return undefined;
  const notes = others("mcpServers", "projects");
  if (isObject(root.projects)) {
    // Claude Code keeps the servers added with the default (local) scope per project, in ~/.claude.json.
    for (const [project, settings] of Object.entries(root.projects)) {
      const servers = isObject(settings) && isObject(settings.mcpServers) ? Object.keys(settings.mcpServers) : [];
      if (servers.length > 0) {
        notes.push(
          `projects[${JSON.stringify(project)}].mcpServers: left out ${servers.join(", ")}, one project's servers; ` +
            "copy those you want into mcpServers",
        );
      }
    }
    return { servers: root.mcpServers, path: "mcpServers", format: "Claude Code ~/.claude.json", notes };
  }
  return { servers: root.mcpServers, path: "mcpServers", format: "Claude Desktop, Claude Code or Cursor mcpServers", notes };
}

function readInputs(value: unknown): Map<string, string | undefined> {
  const inputs = new Map<string, string | undefined>();
  if (!Array.isArray(value)) return inputs;
  for (const item of value as { id?: unknown; description?: unknown }[]) {
    if (typeof item?.id === "string") inputs.set(item.id, typeof item.description === "string" ? item.description : undefined);
  }
  return inputs;
}

function uniqueId(name: string, taken: Record<string, unknown>): string {
  const base = NAMESPACE.test(name) ? name : name.replace(/[^A-Za-z0-9_-]+/g, "-").replace(/^-+|-+$/g, "") || "server";
  let id = base;
  for (let index = 2; Object.hasOwn(taken, id) || id === "__proto__" || id === "constructor" || id === "prototype"; index++) id = `${base}-${index}`;
  return id;
}

function mapStrings(value: unknown, map: (text: string) => string): unknown {
  if (typeof value === "string") return map(value);
  if (Array.isArray(value)) return value.map((item) => mapStrings(item, map));
  if (typeof value === "object" && value !== null) {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, mapStrings(item, map)]));
  }
  return value;
}
