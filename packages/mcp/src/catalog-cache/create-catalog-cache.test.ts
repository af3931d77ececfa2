import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Tool } from "@modelcontextprotocol/client";
import { afterEach, describe, expect, it } from "vitest";
import { catalogKey, createCatalogCache } from "./create-catalog-cache.js";

const folders: string[] = [];
afterEach(() => folders.splice(0).forEach((folder) => rmSync(folder, { recursive: true, force: true })));

function cacheFolder() {
  const folder = mkdtempSync(path.join(tmpdir(), "codemode-catalog-"));
  folders.push(folder);
  return path.join(folder, "codemode", "catalogs");
}

const read: Tool = {
  name: "read_file",
  title: "Read a file",
  description: "Reads a file.",
  inputSchema: { type: "object", properties: { path: { type: "string" } }, required: ["path"] },
  outputSchema: { type: "object", properties: { text: { type: "string" } } },
  annotations: { readOnlyHint: true },
  _meta: { "vendor/secret": "sk-live-from-meta" },
};
const config = { command: "npx", args: ["-y", "@modelcontextprotocol/server-filesystem", "/data"], env: { API_KEY: "sk-live-from-env" } };

describe("createCatalogCache", () => {
  it("keeps an upstream's tools in a 0600 file of a 0700 folder, and reads back names, descriptions, schemas and annotations", async () => {
    const dir = cacheFolder();
    const cache = createCatalogCache(dir, "/work");
    expect(cache.read(config)).toBeUndefined();
    await cache.write(config, [read]);
    const { _meta: _dropped, ...kept } = read;
    expect(cache.read(config)).toEqual({ tools: [kept], listedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) });
    expect(statSync(dir).mode & 0o777).toBe(0o700);
    const [file] = readdirSync(dir);
    expect(statSync(path.join(dir, file!)).mode & 0o777).toBe(0o600);
  });

  it("keeps no secret of the config and nothing of a tool's _meta in the file", async () => {
    const dir = cacheFolder();
    await createCatalogCache(dir, "/work").write({ url: "https://mcp.example.com/mcp", headers: { Authorization: "Bearer sk-live-from-header" } }, [read]);
    await createCatalogCache(dir, "/work").write(config, [read]);
    const text = readdirSync(dir).map((file) => readFileSync(path.join(dir, file), "utf8")).join("\n");
    for (const secret of ["sk-live-from-meta", "sk-live-from-env", "sk-live-from-header"]) expect(text).not.toContain(secret);
  });

  it("keeps another file for another command, argument, environment, folder or URL", () => {
    const keys = new Set([
      catalogKey(config, "/work"),
      catalogKey({ ...config, args: ["-y", "@modelcontextprotocol/server-filesystem", "/other"] }, "/work"),
      catalogKey({ ...config, env: { API_KEY: "another" } }, "/work"),
      catalogKey({ ...config, cwd: "sub" }, "/work"),
      catalogKey(config, "/elsewhere"),
      catalogKey({ url: "https://a.example/mcp" }, "/work"),
      catalogKey({ url: "https://b.example/mcp" }, "/work"),
    ]);
    expect(keys.size).toBe(7);
    // Key order in the config file does not matter.
    expect(catalogKey({ env: config.env, args: config.args, command: config.command }, "/work")).toBe(catalogKey(config, "/work"));
  });

  it("replaces a file whole: concurrent writes leave one complete list and no temporary file", async () => {
    const dir = cacheFolder();
    const cache = createCatalogCache(dir, "/work");
    const lists = Array.from({ length: 20 }, (_, index) => Array.from({ length: 50 + index }, (_, n) => ({ ...read, name: `tool_${index}_${n}` })));
    await Promise.all(lists.map((tools) => cache.write(config, tools)));
    const names = cache.read(config)!.tools.map((tool) => tool.name);
    expect(lists.some((tools) => JSON.stringify(tools.map((tool) => tool.name)) === JSON.stringify(names))).toBe(true);
    expect(readdirSync(dir)).toHaveLength(1);
  });

  it("reads a file it did not write, or a damaged one, as no list at all", async () => {
    const dir = cacheFolder();
    const cache = createCatalogCache(dir, "/work");
    await cache.write(config, [read]);
    const file = path.join(dir, readdirSync(dir)[0]!);
    for (const text of ["{", JSON.stringify({ format: 99, listedAt: "x", tools: [] }), JSON.stringify({ format: 1, listedAt: "x", tools: [{ description: "no name" }] })]) {
      writeFileSync(file, text);
      expect(cache.read(config)).toBeUndefined();
    }
  });
});
