import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, describe, expect, it } from "vitest";
import { cliCommand, FAULT_SERVER, PACKAGE_DIR } from "../__fixtures__/fixtures.js";
import { createCatalogCache } from "../catalog-cache/index.js";

// Two upstreams that note each start in a file of their own, and a catalog cache of this file's own.
const run = promisify(execFile);
const folder = mkdtempSync(path.join(tmpdir(), "codemode-cli-cache-"));
const cacheDir = path.join(folder, "cache");
const startsOf = (id: string) => path.join(folder, `${id}.starts`);
const server = (id: string) => ({ command: process.execPath, args: [FAULT_SERVER], env: { STARTS_FILE: startsOf(id) } });
const CONFIG = path.join(folder, "gateway.json");
writeFileSync(CONFIG, JSON.stringify({ mcpServers: { alpha: server("alpha"), beta: server("beta") }, poolSize: 1 }));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

function starts(): Record<string, number> {
  const count = (id: string) => {
    try {
      return readFileSync(startsOf(id), "utf8").split("\n").filter(Boolean).length;
    } catch {
      return 0;
    }
  };
  return { alpha: count("alpha"), beta: count("beta") };
}

/** Runs the CLI and says how many times each upstream was started meanwhile. */
async function codemode(...args: string[]): Promise<{ code: number; stdout: string; stderr: string; started: Record<string, number> }> {
  const before = starts();
  const [command, ...rest] = cliCommand() as [string, ...string[]];
  const env = { ...process.env, CODEMODE_CACHE_DIR: cacheDir };
  let outcome: { code: number; stdout: string; stderr: string };
  try {
    const { stdout, stderr } = await run(command, [...rest, ...args], { cwd: PACKAGE_DIR, timeout: 60_000, env });
    outcome = { code: 0, stdout, stderr };
  } catch (error) {
    outcome = error as { code: number; stdout: string; stderr: string };
  }
  const after = starts();
  return { ...outcome, started: { alpha: after.alpha! - before.alpha!, beta: after.beta! - before.beta! } };
}

const script = (name: string, code: string) => {
  const file = path.join(folder, name);
  writeFileSync(file, code);
  return file;
};

describe("runCli with the catalog cache", () => {
  it("lists the tools once, each server started once, then answers search and types from the cache without starting anything", async () => {
    const first = await codemode("types", "--config", CONFIG);
    expect(first.code).toBe(0);
    expect(first.started).toEqual({ alpha: 1, beta: 1 });
    expect(first.stderr).toMatch(/codemode: upstream alpha is up: 20 tools in \d+\.\d s/);

    const types = await codemode("types", "--config", CONFIG);
    expect(types.started).toEqual({ alpha: 0, beta: 0 });
    expect(types.stdout).toBe(first.stdout);
    expect(types.stderr).toBe("");
    const search = await codemode("search", "echo the text", "--config", CONFIG, "--server", "beta");
    expect(search.started).toEqual({ alpha: 0, beta: 0 });
    expect(JSON.parse(search.stdout).items[0].name).toBe("beta.echo");
  });

  it("has exec start only the upstream its script calls, by a static or a dynamic name", async () => {
    const statically = await codemode("exec", script("alpha.js", `return (await tools.alpha.echo({ text: "a" })).data;`), "--config", CONFIG);
    expect(JSON.parse(statically.stdout)).toMatchObject({ status: "completed", result: "echo: a" });
    expect(statically.started).toEqual({ alpha: 1, beta: 0 });
    const dynamically = await codemode("exec", script("beta.js", `const id = ["be", "ta"].join(""); return (await tools[id].echo({ text: "b" })).data;`), "--config", CONFIG);
    expect(JSON.parse(dynamically.stdout)).toMatchObject({ status: "completed", result: "echo: b" });
    expect(dynamically.started).toEqual({ alpha: 0, beta: 1 });
  });

  it("reports a script's syntax error without starting any upstream", async () => {
    const { code, stdout, started } = await codemode("exec", script("broken.js", `const r = await tools.alpha.echo({ text: "a" );\nreturn r;`), "--config", CONFIG);
    expect(code).toBe(1);
    expect(JSON.parse(stdout)).toMatchObject({ status: "failed", error: { kind: "ParseError", line: 1 } });
    expect(started).toEqual({ alpha: 0, beta: 0 });
  });

  it("fails a call of a tool the cache lists but the server no longer has with not_found, saying why", async () => {
    // A cache from a day when the server had one more tool.
    const catalogs = createCatalogCache(path.join(cacheDir, "catalogs"), folder);
    const kept = catalogs.read(server("alpha"))!;
    await catalogs.write(server("alpha"), [...kept.tools, { name: "fleeting", description: "Gone since.", inputSchema: { type: "object" } }]);
    expect((await codemode("types", "--config", CONFIG)).stdout).toContain("fleeting");
    const gone = await codemode("exec", script("gone.js", `return (await tools.alpha.fleeting({})).error;`), "--config", CONFIG);
    expect(JSON.parse(gone.stdout).result).toEqual({
      code: "not_found",
      message: 'Upstream alpha no longer offers the tool "fleeting"; its tool list has been read again since this run started.',
      retryable: false,
    });
    expect((await codemode("types", "--config", CONFIG)).stdout).not.toContain("fleeting");
  });

  it("says why an upstream that cannot start has no tools, naming the fix: in the check's refusal, and as unavailable for a computed name", async () => {
    const config = path.join(folder, "ghost.json");
    writeFileSync(config, JSON.stringify({ mcpServers: { ghost: { command: "no-such-mcp-server" } }, poolSize: 1 }));
    const reason = 'the command "no-such-mcp-server" was not found on PATH; install it, or write its full path in mcpServers.ghost.command';
    // Named in the script: the check must know its tools, so the upstream is started first, and its refusal says why.
    const named = await codemode("exec", script("ghost.js", `return (await tools.ghost.read_file({ path: "a" })).error;`), "--config", config);
    expect(JSON.parse(named.stdout)).toMatchObject({
      status: "failed",
      error: { kind: "CheckFailed" },
      diagnostics: expect.arrayContaining([{ code: "upstream_unavailable", message: `Upstream ghost is down (${reason}); retrying: the check could not know its tools.` }]),
    });
    expect(named.stderr).toContain(`codemode: upstream ghost could not start: ${reason}`);
    // A computed name is not checked: the call starts the upstream, and fails as unavailable rather than not_found.
    const computed = await codemode("exec", script("ghost-computed.js", `const id = "gh" + "ost"; return (await tools[id].read_file({ path: "a" })).error;`), "--config", config);
    expect(JSON.parse(computed.stdout).result).toEqual({ code: "unavailable", message: `Upstream ghost is down (${reason}); retrying.`, retryable: true });
  });

  it("names the upstream a mistyped --server most likely meant", async () => {
    const { code, stderr } = await codemode("search", "echo", "--config", CONFIG, "--server", "alhpa");
    expect(code).toBe(2);
    expect(stderr).toContain('codemode: --server alhpa: no upstream has that id; did you mean "alpha"? The upstreams are alpha, beta.');
  });
});
