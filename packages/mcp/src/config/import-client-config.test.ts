import { readFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { importClientConfig } from "./import-client-config.js";
import { parseGatewayConfig } from "./parse-gateway-config.js";
import { parseJsonc } from "./parse-jsonc.js";

const CLIENTS = path.join(path.dirname(fileURLToPath(import.meta.url)), "__fixtures__", "clients");

async function importFixture(...parts: string[]) {
  const file = path.join(CLIENTS, ...parts);
  return importClientConfig(parseJsonc(await readFile(file, "utf8")), { file });
}

describe("importClientConfig", () => {
  it("turns VS Code's mcp.json into a gateway config: inputs become environment variables, dev is left out", async () => {
    const { config, notes, format } = await importFixture("vscode", ".vscode", "mcp.json");
    expect(format).toBe("VS Code mcp.json");
    const project = path.join(CLIENTS, "vscode");
    expect(config.mcpServers).toEqual({
      Perplexity: { type: "stdio", command: "npx", args: ["-y", "server-perplexity-ask"], env: { PERPLEXITY_API_KEY: "${env:PERPLEXITY_KEY}" } },
      github: { type: "http", url: "https://api.githubcopilot.com/mcp/" },
      fetch: { type: "stdio", command: "uvx", args: ["mcp-server-fetch"] },
      "my-dev-server": { type: "stdio", command: "node", args: [`${project}/build/index.js`], envFile: `${project}/.env` },
    });
    expect(notes).toEqual([
      "servers.my-dev-server.dev: left out: VS Code's development mode (watch, debug), which only the editor runs",
      `\${workspaceFolder}: written out as ${project}`,
      "${input:perplexity-key} (Perplexity API Key): now ${env:PERPLEXITY_KEY}; set PERPLEXITY_KEY in the gateway's environment",
    ]);
    // What it prints is a config the gateway runs.
    const parsed = parseGatewayConfig(config, { env: { PERPLEXITY_KEY: "pplx" } });
    expect(parsed.mcpServers.Perplexity?.env).toEqual({ PERPLEXITY_API_KEY: "pplx" });
    expect(parsed.mcpServers["my-dev-server"]?.env).toEqual({ LOG_LEVEL: "debug" });
  });

  it("reads mcp.servers from VS Code's settings.json, renaming a gallery name that is not a namespace", async () => {
    const { config, notes } = await importFixture("vscode", "settings.json");
    expect(Object.keys(config.mcpServers)).toEqual(["memory", "io-github-upstash-context7"]);
    expect(notes).toEqual([
      "(root): left out 3 keys that are not about MCP servers: editor.fontSize, files.autoSave, chat.mcp.autostart",
      'mcp.servers["io.github.upstash/context7"]: renamed to "io-github-upstash-context7", as a server id is a namespace of letters, digits, _ and -',
      'mcp.servers["io.github.upstash/context7"].gallery: left out: VS Code\'s gallery record',
      'mcp.servers["io.github.upstash/context7"].version: left out: VS Code\'s gallery record',
    ]);
    expect(() => parseGatewayConfig(config)).not.toThrow();
  });

  it("keeps Claude Code's .mcp.json as it is, types and ${VAR} references included", async () => {
    const { config, notes } = await importFixture("claude-code", ".mcp.json");
    const original = JSON.parse(await readFile(path.join(CLIENTS, "claude-code", ".mcp.json"), "utf8")) as unknown;
    expect(config).toEqual(original);
    expect(notes).toEqual([]);
  });

  it("takes the user's servers from ~/.claude.json and names the project servers it left out", async () => {
    const { config, notes, format } = await importFixture("claude-code", ".claude.json");
    expect(format).toBe("Claude Code ~/.claude.json");
    expect(Object.keys(config.mcpServers)).toEqual(["memory", "linear"]);
    expect(notes).toEqual([
      "(root): left out 7 keys that are not about MCP servers: numStartups, installMethod, autoUpdates, theme, hasCompletedOnboarding, lastOnboardingVersion and 1 more",
      'projects["/home/dev/shop"].mcpServers: left out postgres, one project\'s servers; copy those you want into mcpServers',
    ]);
  });

  it("keeps Claude Desktop's and Cursor's configs, writing out Cursor's ${workspaceFolder}", async () => {
    const desktop = await importFixture("claude-desktop", "claude_desktop_config.json");
    expect(Object.keys(desktop.config.mcpServers)).toEqual(["filesystem", "github", "weather"]);
    expect(desktop.notes).toEqual([]);
    const cursor = await importFixture("cursor", ".cursor", "mcp.json");
    const project = path.join(CLIENTS, "cursor");
    expect(cursor.config.mcpServers["local-tools"]).toEqual({
      type: "stdio",
      command: "node",
      args: [`${project}/tools/mcp-server.js`],
      envFile: `${project}/.env`,
    });
    expect(cursor.config.mcpServers.notes?.args).toEqual(["${userHome}/mcp/notes.py"]);
  });

  it("leaves out keys the gateway cannot honour, each with a note, and refuses a file with no servers", () => {
    const { config, notes } = importClientConfig(
      { mcpServers: { remote: { url: "https://h/mcp", auth: { CLIENT_ID: "c" }, disabled: false }, local: { command: "x", cwd: "srv" } } },
      { file: "/projects/app/.cursor/mcp.json" },
    );
    expect(config.mcpServers).toEqual({ remote: { url: "https://h/mcp" }, local: { command: "x", cwd: "/projects/app/.cursor/srv" } });
    expect(notes).toEqual([
      "mcpServers.remote.auth: left out: Cursor's OAuth client setting, which the gateway does not read",
      "mcpServers.remote.disabled: left out: not a key of a gateway server entry",
      "mcpServers.local.cwd: made absolute (/projects/app/.cursor/srv), as the gateway config may live in another folder",
    ]);
    expect(() => importClientConfig({ theme: "dark" }, { file: "x.json" })).toThrow(/x\.json: no MCP servers found/);
  });
});
