import { createHash, randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { chmod, mkdir, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import type { Tool } from "@modelcontextprotocol/client";
import type { UpstreamConfig } from "../config/index.js";

/** One upstream's tool list as the cache keeps it, and when the server listed it. */
export interface CachedCatalog {
  tools: Tool[];
  listedAt: string;
}

/**
 * Each upstream's tool list kept on disk between runs, so a command can answer from it without starting the server.
 * A file per upstream config, named by a hash of that config: another command, argument, environment or URL is
 * another server.
 */
export interface CatalogCache {
  /** The folder the files are in. */
  readonly dir: string;
  /** The tools last listed by the server of this config, or undefined when none are kept (or the file is unreadable). */
  read(config: UpstreamConfig): CachedCatalog | undefined;
  /** Keeps this config's tools: a file of its own (0600, in a 0700 folder), replaced whole so no reader sees half. */
  write(config: UpstreamConfig, tools: readonly Tool[]): Promise<void>;
}

const FORMAT = 1;
// A file larger than this is not one the gateway wrote: it is ignored rather than read.
const MAX_FILE_BYTES = 32 * 1024 * 1024;

/** The catalog cache in `dir` (`catalogs/` under the user's cache folder, for the CLI); `baseDir` resolves relative `cwd`s. */
export function createCatalogCache(dir: string, baseDir: string): CatalogCache {
  const fileOf = (config: UpstreamConfig) => path.join(dir, `${catalogKey(config, baseDir)}.json`);
  return {
    dir,
    read(config) {
      try {
        const text = readFileSync(fileOf(config), "utf8");
        if (text.length > MAX_FILE_BYTES) return undefined;
        return parseCachedCatalog(JSON.parse(text));
      } catch {
        return undefined;
      }
    },
    async write(config, tools) {
      await mkdir(dir, { recursive: true, mode: 0o700 });
      // A folder made earlier with the process's umask: the tool lists of a user's servers are theirs alone.
      await chmod(dir, 0o700);
      const file = fileOf(config);
      const temporary = `${file}.${randomBytes(6).toString("hex")}.tmp`;
      const body: { format: number } & CachedCatalog = { format: FORMAT, listedAt: new Date().toISOString(), tools: tools.map(keptOf) };
      try {
        await writeFile(temporary, JSON.stringify(body), { mode: 0o600, flag: "wx" });
        await rename(temporary, file);
      } catch (error) {
        await rm(temporary, { force: true });
        throw error;
      }
    },
  };
}

/**
 * The key of an upstream's cache file: a hash of what decides which server it is and what it offers. Secrets in
 * `env` or `headers` go into the hash, never into the file.
 */
export function catalogKey(config: UpstreamConfig, baseDir: string): string {
  const identity = config.url === undefined
    ? { command: config.command, args: config.args ?? [], env: config.env ?? {}, cwd: path.resolve(baseDir, config.cwd ?? ".") }
    : { url: config.url, type: config.type ?? "http", headers: config.headers ?? {}, oauth: config.oauth ?? null };
  return createHash("sha256").update(stableJson(identity)).digest("hex").slice(0, 32);
}

/** What of a tool is kept: what a script's search, types and check need, never `_meta` or anything a call returned. */
function keptOf(tool: Tool): Tool {
  const { name, title, description, inputSchema, outputSchema, annotations } = tool;
  return {
    name,
    ...(title === undefined ? {} : { title }),
    ...(description === undefined ? {} : { description }),
    inputSchema,
    ...(outputSchema === undefined ? {} : { outputSchema }),
    ...(annotations === undefined ? {} : { annotations }),
  };
}

function parseCachedCatalog(value: unknown): CachedCatalog | undefined {
  const { format, listedAt, tools } = (value ?? {}) as { format?: unknown; listedAt?: unknown; tools?: unknown };
  if (format !== FORMAT || typeof listedAt !== "string" || !Array.isArray(tools)) return undefined;
  const wellFormed = tools.every(
    (tool) => typeof tool === "object" && tool !== null && typeof tool.name === "string" && typeof tool.inputSchema === "object" && tool.inputSchema !== null,
  );
  return wellFormed ? { listedAt, tools: (tools as Tool[]).map(keptOf) } : undefined;
}

function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(",")}]`;
  if (typeof value === "object" && value !== null) {
    const entries = Object.keys(value).sort().map((key) => `${JSON.stringify(key)}:${stableJson((value as Record<string, unknown>)[key])}`);
    return `{${entries.join(",")}}`;
  }
  return JSON.stringify(value) ?? "null";
}
