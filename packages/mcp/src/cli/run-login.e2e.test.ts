import { spawn } from "node:child_process";
import { mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { createInterface } from "node:readline";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cliCommand, PACKAGE_DIR } from "../__fixtures__/fixtures.js";
import { serveOAuthProtectedMcp, type OAuthProtectedMcp } from "../upstream-auth/__fixtures__/serve-oauth-protected-mcp.js";

const folder = mkdtempSync(path.join(tmpdir(), "codemode-login-"));
const authDir = path.join(folder, "auth");
let served: OAuthProtectedMcp;
let config: string;

beforeAll(async () => {
  served = await serveOAuthProtectedMcp();
  config = path.join(folder, "gateway.json");
  writeFileSync(config, JSON.stringify({ mcpServers: { crm: { url: served.url, oauth: {} }, local: { command: "node", args: ["x.js"] } } }));
});

afterAll(async () => {
  await served.close();
  rmSync(folder, { recursive: true, force: true });
});

/** Runs the CLI; every stdout line that is a URL is opened with a plain GET, as a browser would. */
function codemode(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const [command, ...rest] = cliCommand() as [string, ...string[]];
  const child = spawn(command, [...rest, ...args], { cwd: PACKAGE_DIR, env: { ...process.env, CODEMODE_AUTH_DIR: authDir } });
  let stdout = "";
  let stderr = "";
  child.stderr.setEncoding("utf8").on("data", (text: string) => (stderr += text));
  createInterface({ input: child.stdout }).on("line", (line) => {
    stdout += `${line}\n`;
    if (/^https?:\/\/\S+$/.test(line)) void fetch(line).catch(() => undefined);
  });
  return new Promise((resolve) => child.once("close", (code) => resolve({ code: code ?? 1, stdout, stderr })));
}

describe("codemode login", () => {
  it("prints the authorization URL on a line of its own, receives the code on the loopback and exits 0", async () => {
    const { code, stdout, stderr } = await codemode("login", "crm", "--config", config, "--no-browser");
    expect(code).toBe(0);
    const lines = stdout.trim().split("\n");
    expect(lines).toHaveLength(1);
    const url = new URL(lines[0] as string);
    expect(url.origin).toBe(served.issuer);
    expect(url.searchParams.get("redirect_uri")).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/callback$/);
    expect(stderr).toContain(`Logged in to crm with scope "mcp:read"; the login is stored in ${authDir}`);
    const files = readdirSync(authDir);
    expect(files).toHaveLength(1);
    expect(statSync(path.join(authDir, files[0] as string)).mode & 0o777).toBe(0o600);
    for (const token of served.issued) expect(stdout + stderr).not.toContain(token);
  });

  it("names what is missing for a server without oauth, and for an unknown server", async () => {
    const local = await codemode("login", "local", "--config", config);
    expect(local.code).toBe(2);
    expect(local.stderr).toContain('mcpServers.local needs a url and an "oauth" key');
    const unknown = await codemode("login", "nope", "--config", config);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('has no server "nope" in mcpServers');
  });

  it("lets exec call the upstream with the stored login, then names codemode login once the login is revoked", async () => {
    const script = path.join(folder, "whoami.js");
    writeFileSync(script, "return await tools.crm.whoami({});");
    const oauthOnly = path.join(folder, "oauth-only.json");
    writeFileSync(oauthOnly, JSON.stringify({ mcpServers: { crm: { url: served.url, oauth: {} } } }));
    const ok = await codemode("exec", script, "--config", oauthOnly);
    expect(ok.code).toBe(0);
    expect(JSON.parse(ok.stdout)).toMatchObject({ status: "completed", result: { ok: true, data: "hello, authorized caller" } });
    served.revokeRefreshTokens();
    served.rejectAccessTokens();
    const revoked = await codemode("exec", script, "--config", oauthOnly);
    // The script ran, and its call to crm failed saying why; it started crm when it called it (from the catalog cache).
    expect(JSON.parse(revoked.stdout)).toMatchObject({
      status: "completed",
      result: { ok: false, error: { code: "unavailable", message: "Upstream crm is down (Upstream crm needs a new login: run `codemode login crm` to authorize it); retrying." } },
    });
    expect(revoked.stderr).toContain("codemode: upstream crm could not start: Upstream crm needs a new login: run `codemode login crm` to authorize it.");
    for (const token of served.issued) expect(ok.stdout + ok.stderr + revoked.stdout + revoked.stderr).not.toContain(token);
  });

  it("logout removes the server's stored login", async () => {
    const { code, stderr } = await codemode("logout", "crm");
    expect(code).toBe(0);
    expect(stderr).toContain("Logged out of crm (1 stored login removed");
    expect(readdirSync(authDir)).toEqual([]);
    expect((await codemode("logout", "crm")).stderr).toContain("No stored login of crm");
  });
});
