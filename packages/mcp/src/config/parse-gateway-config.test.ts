import { isCodeModeError } from "@codemode/core";
import { describe, expect, it } from "vitest";
import { parseGatewayConfig } from "./parse-gateway-config.js";

const TOKEN = "a-token-of-twenty-chars";

function problemsOf(input: unknown, env: Record<string, string> = {}): string {
  try {
    parseGatewayConfig(input, { env });
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error("expected the config to be rejected");
}

describe("parseGatewayConfig", () => {
  it("throws an INVALID_CONFIG CodeModeError whose details list each bad key's path", () => {
    let thrown: unknown;
    try {
      parseGatewayConfig({ mcpServers: { a: {} }, extra: 1 }, { env: {} });
    } catch (error) {
      thrown = error;
    }
    expect(isCodeModeError(thrown) && thrown.code).toBe("INVALID_CONFIG");
    expect(isCodeModeError(thrown) && thrown.details?.problems).toEqual([
      "mcpServers.a: needs a command (stdio) or a url (Streamable HTTP or SSE)",
      expect.stringMatching(/^extra: unknown key \(the keys here are \$schema, mcpServers, servers, inputs, limits, tools, /),
      "(root): a client's config file holds more than its servers; `codemode import FILE` prints a gateway config of only them",
    ]);
  });

  it("suggests the key an unknown one most likely meant, at any depth, instead of pointing to codemode import", () => {
    expect(problemsOf({ mcpServers: {}, limits: { timeoutMS: 5000 } })).toBe('Invalid gateway config: limits.timeoutMS: unknown key (did you mean "timeoutMs"?).');
    expect(problemsOf({ mcpServer: { fs: { command: "x" } } })).toBe(
      'Invalid gateway config: mcpServer: unknown key (did you mean "mcpServers"?); mcpServers: is required (or servers, as VS Code writes it).',
    );
    expect(problemsOf({ mcpServers: { fs: { command: "x", arg: ["y"] } } })).toBe('Invalid gateway config: mcpServers.fs.arg: unknown key (did you mean "args"?).');
  });

  it("names a metrics key that opens nothing and an audit key with no single destination", () => {
    const message = problemsOf({ mcpServers: {}, metrics: {}, audit: { file: "a.jsonl", stderr: true } });
    expect(message).toContain("metrics: needs a token, a port or both");
    expect(message).toContain("audit: needs exactly one of file or stderr");
    expect(problemsOf({ mcpServers: {}, metrics: { token: "short" } })).toContain("metrics.token: must be at least 16 characters");
    expect(problemsOf({ mcpServers: {}, shutdown: { graceMs: -1 } })).toContain("shutdown.graceMs");
  });

  it("names a cluster whose Redis URL, secret or replica id cannot be used, and expands the URL from the environment", () => {
    expect(problemsOf({ mcpServers: {}, cluster: { redisUrl: "http://cache:6379" } })).toContain('cluster.redisUrl: must be a Redis URL: "redis://');
    expect(problemsOf({ mcpServers: {}, cluster: { redisUrl: "not a url" } })).toContain("cluster.redisUrl: must be a Redis URL");
    expect(problemsOf({ mcpServers: {}, cluster: {} })).toContain("cluster.redisUrl:");
    expect(problemsOf({ mcpServers: {}, cluster: { redisUrl: "redis://cache", secret: "short" } })).toContain("cluster.secret: must be at least 32 characters");
    expect(problemsOf({ mcpServers: {}, cluster: { redisUrl: "redis://cache", replicaId: "has space" } })).toContain("cluster.replicaId:");
    const config = parseGatewayConfig({ mcpServers: {}, cluster: { redisUrl: "${REDIS_URL}", keyPrefix: "gw1:" } }, { env: { REDIS_URL: "rediss://:pw@cache:6380/2" } });
    expect(config.cluster).toEqual({ redisUrl: "rediss://:pw@cache:6380/2", keyPrefix: "gw1:" });
  });

  it("accepts metrics, audit and shutdown settings", () => {
    const config = parseGatewayConfig(
      { mcpServers: {}, metrics: { token: TOKEN, port: 9464 }, audit: { stderr: true, includeArguments: true }, shutdown: { graceMs: 5000 } },
      { env: {} },
    );
    expect(config).toMatchObject({ metrics: { token: TOKEN, port: 9464 }, audit: { stderr: true, includeArguments: true }, shutdown: { graceMs: 5000 } });
  });

  it("accepts a full config, with secrets from the environment", () => {
    const config = parseGatewayConfig(
      {
        mcpServers: {
          billing: { command: "node", args: ["billing-server.js"], env: {}, cwd: ".", timeoutMs: 10000 },
          docs: { url: "http://127.0.0.1:9000/mcp", headers: { Authorization: "Bearer ${env:DOCS_TOKEN}" } },
        },
        limits: { timeoutMs: 30000, maxHostCalls: 256 },
        tools: { execute: "execute", search: "search" },
        auth: { bearer: [{ name: "analytics-agent", token: "${env:AGENT_TOKEN}", allow: ["billing.*", "docs.*"] }] },
      },
      { env: { DOCS_TOKEN: "docs-secret", AGENT_TOKEN: TOKEN } },
    );
    expect(config.mcpServers.docs?.headers).toEqual({ Authorization: "Bearer docs-secret" });
    expect(config.auth?.bearer?.[0]?.token).toBe(TOKEN);
    expect(config.mcpServers.billing?.args).toEqual(["billing-server.js"]);
  });

  it("accepts search: false for execute-only mode", () => {
    expect(parseGatewayConfig({ mcpServers: {}, tools: { search: false } }).tools?.search).toBe(false);
  });

  it("names a missing environment variable and where it was used", () => {
    const message = problemsOf({ mcpServers: { docs: { url: "http://x/mcp", headers: { A: "${env:NOPE_NOT_SET}" } } } });
    expect(message).toContain("mcpServers.docs.headers.A: environment variable NOPE_NOT_SET is not set");
  });

  it("reports the path of a bad url", () => {
    expect(problemsOf({ mcpServers: { docs: { url: "ftp://example.com" } } })).toContain(
      "mcpServers.docs.url: must be an http(s) URL",
    );
  });

  it("rejects unknown keys at any depth, naming each", () => {
    const message = problemsOf({ mcpServers: { a: { command: "x", comand: "y" } }, extra: 1, limits: { speed: 2 } });
    expect(message).toContain("mcpServers.a.comand: unknown key");
    expect(message).toContain("extra: unknown key");
    expect(message).toContain("limits.speed: unknown key");
  });

  it("rejects a server id that is not a valid namespace", () => {
    expect(problemsOf({ mcpServers: { "a.b": { command: "x" } } })).toContain(
      'mcpServers["a.b"]: server id must be a valid namespace',
    );
  });

  it("rejects a server with neither command nor url, or with both", () => {
    expect(problemsOf({ mcpServers: { a: {} } })).toContain("mcpServers.a: needs a command (stdio) or a url");
    expect(problemsOf({ mcpServers: { a: { command: "x", url: "http://h/" } } })).toContain(
      "mcpServers.a.url: cannot be given with command",
    );
    expect(problemsOf({ mcpServers: { a: { command: "x", headers: {} } } })).toContain(
      "mcpServers.a.headers: is only for HTTP servers",
    );
  });

  it("reports bad limits, tool names and tokens with their paths", () => {
    const message = problemsOf({
      mcpServers: {},
      limits: { timeoutMs: -1 },
      tools: { search: true, execute: "run code" },
      auth: { bearer: [{ name: "x", token: "short" }] },
    });
    expect(message).toContain("limits.timeoutMs:");
    expect(message).toContain("tools.search: must be a tool name or false");
    expect(message).toContain("tools.execute: must be a tool name");
    expect(message).toContain("auth.bearer[0].token: must be at least 16 characters");
  });

  it("refuses one token for two principals, which would leave who is calling to the order of the list", () => {
    const bearer = [{ name: "reader", token: TOKEN, allow: ["docs.*"] }, { name: "admin", token: TOKEN }];
    expect(problemsOf({ mcpServers: {}, auth: { bearer } })).toContain("auth.bearer[1].token: is auth.bearer[0]'s token too; give each principal a token of its own");
  });

  it("accepts sessions and reports a bad time to live or cap, or an unknown key, with its path", () => {
    expect(parseGatewayConfig({ mcpServers: {}, sessions: { ttlMs: 60_000, maxSessions: 4 } }).sessions).toEqual({ ttlMs: 60_000, maxSessions: 4 });
    const message = problemsOf({ mcpServers: {}, sessions: { ttlMs: 0, maxSessions: 2.5, keep: true } });
    expect(message).toContain("sessions.ttlMs:");
    expect(message).toContain("sessions.maxSessions:");
    expect(message).toContain("sessions.keep: unknown key");
  });

  it("accepts the script and workspace keys and reports bad values with their paths", () => {
    const config = parseGatewayConfig({ mcpServers: {}, script: { callStyle: "value", output: "printed", check: "warn" }, workspace: { dir: "work" } });
    expect(config.script).toEqual({ callStyle: "value", output: "printed", check: "warn" });
    expect(config.workspace).toEqual({ dir: "work" });
    const message = problemsOf({ mcpServers: {}, script: { callStyle: "throw", output: "all", check: "strict" }, workspace: { dir: "", maxFileBytes: -1 } });
    expect(message).toContain('script.check: must be "refuse", "warn" or "off"');
    expect(message).toContain('script.callStyle: must be "envelope" or "value"');
    expect(message).toContain('script.output: must be "result" or "printed"');
    expect(message).toContain("workspace.dir: must be a folder's path");
    expect(message).toContain("workspace.maxFileBytes:");
  });

  it("requires mcpServers", () => {
    expect(problemsOf({})).toContain("mcpServers:");
  });
});
