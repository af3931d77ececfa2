import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { missingPrograms, missingProgramsMessage } from "./find-program.js";
import { haproxyConfig } from "./haproxy-config.js";
import { checkHaproxyConfig } from "./start-haproxy.js";

const missing = missingPrograms(["haproxy"]);
if (missing.length > 0) console.log(`haproxyConfig: skipped the haproxy -c checks: ${missingProgramsMessage(missing)}`);
const dir = mkdtempSync(path.join(os.tmpdir(), "haproxy-config-test-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function check(text: string): Promise<{ valid: boolean; output: string }> {
  const file = path.join(dir, `haproxy-${Math.random().toString(36).slice(2)}.cfg`);
  writeFileSync(file, text);
  return checkHaproxyConfig(file);
}

const servers = [1, 2, 3].map((index) => ({ name: `replica-${index}`, address: `127.0.0.1:${9000 + index}` }));

describe("haproxyConfig", () => {
  it("balances every request round robin, checks /readyz and sticks only on Mcp-Session-Id", () => {
    const text = haproxyConfig({ bind: "127.0.0.1:8080", servers });
    expect(text).toContain("balance roundrobin");
    expect(text).toContain("http-check send meth GET uri /readyz");
    expect(text).toContain("stick match req.hdr(mcp-session-id)");
    expect(text).toContain("stick store-response res.hdr(mcp-session-id)");
    // No other affinity: no cookie, no source hashing, no preference for the last server of a connection.
    const directives = text.split("\n").filter((line) => !line.trim().startsWith("#"));
    expect(directives.filter((line) => /\bcookie\b|balance source|prefer-last-server|mcp-param-session-id/i.test(line))).toEqual([]);
    for (const server of servers) expect(text).toContain(`server ${server.name} ${server.address}`);
  });

  // eslint-disable-next-line codemode/no-skipped-tests -- haproxy -c needs haproxy installed (apt-get install -y haproxy); the log says it skipped
  describe.skipIf(missing.length > 0)("haproxy -c -f", () => {
    it("accepts the config for replicas on this machine, with a stats page", async () => {
      const verdict = await check(haproxyConfig({ bind: "127.0.0.1:8080", servers, statsBind: "127.0.0.1:8081" }));
      expect(verdict.output).not.toMatch(/\[(ALERT|WARNING)\]/);
      expect(verdict.valid).toBe(true);
    });

    it("accepts the config for containers whose names Docker's DNS resolves later", async () => {
      const named = servers.map((server, index) => ({ name: server.name, address: `gateway-${index + 1}:8787` }));
      const verdict = await check(haproxyConfig({ bind: ":8080", servers: named, nameserver: "127.0.0.11:53" }));
      // Outside the compose network the names do not resolve: HAProxy starts such servers disabled until they do.
      const warnings = verdict.output.split("\n").filter((line) => /\[(ALERT|WARNING)\]/.test(line));
      expect(warnings.filter((line) => !line.includes("could not resolve address"))).toEqual([]);
      expect(verdict.valid).toBe(true);
    });

    it("refuses a broken config, with HAProxy's reason", async () => {
      const verdict = await check(haproxyConfig({ bind: "127.0.0.1:8080", servers }).replace("balance roundrobin", "balance nonsense"));
      expect(verdict.valid).toBe(false);
      expect(verdict.output).toContain("balance only supports");
    });
  });
});
