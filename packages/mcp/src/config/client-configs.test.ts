import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { homedir, tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { loadGatewayConfig } from "./load-gateway-config.js";
import { parseGatewayConfig } from "./parse-gateway-config.js";
import { parseJsonc } from "./parse-jsonc.js";

// Config files as Claude Desktop, Claude Code, Cursor and VS Code write them, loaded as the gateway's own config.
const CLIENTS = path.join(path.dirname(fileURLToPath(import.meta.url)), "__fixtures__", "clients");

async function problemsOf(file: string, env: Record<string, string> = {}): Promise<string[]> {
  try {
    parseGatewayConfig(parseJsonc(await readFile(file, "utf8")), { env, file });
  } catch (error) {
    return (error as { details: { problems: string[] } }).details.problems;
  }
  throw new Error("expected the config to be rejected");
}

describe("client config files as the gateway's config", () => {
  it("runs Claude Desktop's claude_desktop_config.json unchanged", async () => {
    const config = await loadGatewayConfig(path.join(CLIENTS, "claude-desktop", "claude_desktop_config.json"));
    expect(Object.keys(config.mcpServers)).toEqual(["filesystem", "github", "weather"]);
    expect(config.mcpServers.github?.env).toEqual({ GITHUB_PERSONAL_ACCESS_TOKEN: "github_pat_11EXAMPLE0example0example0example" });
  });

  it("runs Claude Code's .mcp.json unchanged, with its ${VAR} and ${VAR:-default} expansion", async () => {
    const file = path.join(CLIENTS, "claude-code", ".mcp.json");
    const config = parseGatewayConfig(parseJsonc(await readFile(file, "utf8")), { env: { API_KEY: "k-1", AIRTABLE_API_KEY: "air" }, file });
    expect(config.mcpServers.sentry).toEqual({ type: "http", url: "https://mcp.sentry.dev/mcp" });
    expect(config.mcpServers.asana).toEqual({ type: "sse", url: "https://mcp.asana.com/sse" });
    expect(config.mcpServers["api-server"]).toEqual({ type: "http", url: "https://api.example.com/mcp", headers: { Authorization: "Bearer k-1" } });
    expect(config.mcpServers.airtable).toMatchObject({ type: "stdio", command: "npx", env: { AIRTABLE_API_KEY: "air" } });
    expect(await problemsOf(file, { AIRTABLE_API_KEY: "air" })).toEqual(["mcpServers.api-server.headers.Authorization: environment variable API_KEY is not set"]);
  });

  it("runs Cursor's .cursor/mcp.json unchanged: ${env:NAME}, ${userHome}, ${workspaceFolder} and envFile", async () => {
    const file = path.join(CLIENTS, "cursor", ".cursor", "mcp.json");
    const config = parseGatewayConfig(parseJsonc(await readFile(file, "utf8")), { env: { CONTEXT7_API_KEY: "c7" }, file });
    expect(config.mcpServers.context7).toEqual({ url: "https://mcp.context7.com/mcp", headers: { CONTEXT7_API_KEY: "c7" } });
    const project = path.join(CLIENTS, "cursor");
    expect(config.mcpServers["local-tools"]).toEqual({
      type: "stdio",
      command: "node",
      args: [`${project}/tools/mcp-server.js`],
      env: { NOTES_DB: "notes.sqlite", API_KEY: "from-env-file" },
    });
    expect(config.mcpServers.notes?.args).toEqual([`${homedir()}/mcp/notes.py`]);
  });

  it("refuses VS Code's inputs and ${input:...}, naming each path and what to write instead", async () => {
    const problems = await problemsOf(path.join(CLIENTS, "vscode", ".vscode", "mcp.json"));
    expect(problems).toEqual([
      "servers.Perplexity.env.PERPLEXITY_API_KEY: ${input:perplexity-key} is a VS Code prompt, and the gateway runs with nobody to ask; " +
        "write ${env:PERPLEXITY_KEY} and set PERPLEXITY_KEY in the gateway's environment",
      "inputs: are VS Code's prompts, and the gateway runs with nobody to ask; delete inputs and write each ${input:ID} as ${env:NAME}, " +
        "with NAME set in the gateway's environment (codemode import FILE does both)",
    ]);
  });

  it("runs VS Code's mcp.json, comments and all, once its inputs are environment variables", async () => {
    const file = path.join(CLIENTS, "vscode", ".vscode", "mcp.json");
    const text = (await readFile(file, "utf8")).replace("${input:perplexity-key}", "${env:PERPLEXITY_KEY}");
    const { inputs: _inputs, ...json } = parseJsonc(text) as Record<string, unknown>;
    const config = parseGatewayConfig(json, { env: { PERPLEXITY_KEY: "pplx" }, file });
    expect(Object.keys(config.mcpServers)).toEqual(["Perplexity", "github", "fetch", "my-dev-server"]);
    expect(config.mcpServers.github).toEqual({ type: "http", url: "https://api.githubcopilot.com/mcp/" });
    // dev is VS Code's own (watch and debug); ${workspaceFolder} is the folder that holds .vscode.
    expect(config.mcpServers["my-dev-server"]).toEqual({
      type: "stdio",
      command: "node",
      args: [`${path.join(CLIENTS, "vscode")}/build/index.js`],
      env: { LOG_LEVEL: "debug" },
    });
  });

  it("points a settings file with more than servers in it to codemode import", async () => {
    const problems = await problemsOf(path.join(CLIENTS, "vscode", "settings.json"));
    expect(problems).toContainEqual(expect.stringMatching(/^mcp: unknown key \(the keys here are \$schema, mcpServers, /));
    expect(problems).toContain("(root): a client's config file holds more than its servers; `codemode import FILE` prints a gateway config of only them");
  });
});

describe("parseGatewayConfig server entries", () => {
  const parse = (entry: unknown) => parseGatewayConfig({ mcpServers: { a: entry } }, { env: {} }).mcpServers.a;
  const problems = (input: unknown) => {
    try {
      parseGatewayConfig(input, { env: {} });
    } catch (error) {
      return (error as { details: { problems: string[] } }).details.problems;
    }
    throw new Error("expected the config to be rejected");
  };

  it("takes type in any case, and streamable-http as http", () => {
    expect(parse({ type: "HTTP", url: "http://h/mcp" })?.type).toBe("http");
    expect(parse({ type: "Streamable-HTTP", url: "http://h/mcp" })?.type).toBe("http");
    expect(parse({ type: "streamableHttp", url: "http://h/mcp" })?.type).toBe("http");
    expect(parse({ type: "SSE", url: "http://h/sse" })?.type).toBe("sse");
    expect(parse({ type: "Stdio", command: "x" })?.type).toBe("stdio");
  });

  it("names a type it does not know and an entry whose keys do not fit its type", () => {
    expect(problems({ mcpServers: { a: { type: "ws", url: "http://h/" } } })).toEqual([
      'mcpServers.a.type: must be "stdio", "http" (Streamable HTTP), "streamable-http" or "sse"',
    ]);
    expect(problems({ mcpServers: { a: { type: "sse", command: "x" } } })).toEqual([
      'mcpServers.a.url: is required with "type": "sse"',
      "mcpServers.a.command: is only for stdio servers",
    ]);
    expect(problems({ mcpServers: { a: { type: "stdio", url: "http://h/" } } })).toEqual([
      'mcpServers.a.command: is required with "type": "stdio"',
      "mcpServers.a.url: is only for HTTP servers",
    ]);
  });

  it("refuses other clients' keys it cannot honour, each with its fix", () => {
    const found = problems({ servers: { a: { command: "x", sandboxEnabled: true }, b: { url: "http://h/", headersHelper: "get-token", auth: { CLIENT_ID: "c" } } } });
    expect(found).toEqual([
      expect.stringMatching(/^servers\.a\.sandboxEnabled: is VS Code's sandbox for stdio servers, which the gateway does not provide; delete it/),
      expect.stringMatching(/^servers\.b\.headersHelper: runs a command for headers, which the gateway does not do; write the headers in headers/),
      expect.stringMatching(/^servers\.b\.auth: is Cursor's OAuth client setting/),
    ]);
  });

  it("takes VS Code's servers in place of mcpServers, but not both", () => {
    expect(parseGatewayConfig({ servers: { a: { command: "x" } } }).mcpServers).toEqual({ a: { command: "x" } });
    expect(problems({ servers: {}, mcpServers: {} })).toEqual(["servers: cannot be given with mcpServers; move its entries into mcpServers"]);
    expect(problems({})).toEqual(["mcpServers: is required (or servers, as VS Code writes it)"]);
  });

  it("names variables it does not expand, and a missing envFile", () => {
    expect(problems({ mcpServers: { a: { command: "x", args: ["${command:pickFile}"], envFile: "nope.env" } } })).toEqual([
      "mcpServers.a.args[0]: ${command:pickFile} is not a variable the gateway expands; it expands ${env:NAME}, ${NAME}, ${NAME:-default}, ${userHome} and ${workspaceFolder}",
      `mcpServers.a.envFile: cannot read ${path.resolve("nope.env")} (file not found)`,
    ]);
  });

  it("lets env win over envFile, and a ${NAME:-default} take its default when NAME is empty", () => {
    const file = path.join(CLIENTS, "cursor", ".cursor", "mcp.json");
    const config = parseGatewayConfig(
      { mcpServers: { a: { command: "x", envFile: "../.env", env: { API_KEY: "${KEY:-fallback}" } } } },
      { env: { KEY: "" }, file },
    );
    expect(config.mcpServers.a?.env).toEqual({ NOTES_DB: "notes.sqlite", API_KEY: "fallback" });
  });
});

describe("parseJsonc", () => {
  it("reads comments and trailing commas, and leaves them alone inside strings", () => {
    expect(parseJsonc('{ // a\n "a": "x // y /* z */", /* b */ "b": [1, 2,], }')).toEqual({ a: "x // y /* z */", b: [1, 2] });
    expect(parseJsonc('{ "a": 1, // last\n }')).toEqual({ a: 1 });
    expect(() => parseJsonc('{ "a": }')).toThrow(SyntaxError);
  });

  it("says by line and column where a file goes wrong, and what was expected there, comments and trailing commas kept in place", () => {
    expect(() => parseJsonc('{\n  "a": 1\n  "b": 2\n}')).toThrow('expected "," or "}" after a property value, found "\\"" at line 3, column 3');
    expect(() => parseJsonc('{ // note\n  "a": [1, 2,], /* x */ "b": }')).toThrow('expected a value, found "}" at line 2, column 30');
    expect(() => parseJsonc('{\n  "a": 1,\n')).toThrow('expected a property name in double quotes, found the end of the file at line 3, column 1');
    expect(() => parseJsonc('{ "a": 1 } /* open')).toThrow("a comment is not closed with */ (it opens at line 1, column 12)");
  });

  it("names the file, the line and the column of bad JSON in the config error", async () => {
    const folder = mkdtempSync(path.join(tmpdir(), "codemode-json-"));
    const file = path.join(folder, "gateway.json");
    writeFileSync(file, '{\n  "mcpServers": {\n    "fs": { "command": "npx" }\n    "memory": {}\n  }\n}');
    try {
      await expect(loadGatewayConfig(file)).rejects.toThrow(
        `${file}: not valid JSON (expected "," or "}" after a property value, found "\\"" at line 4, column 5)`,
      );
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
