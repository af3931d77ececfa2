import { describe, expect, it } from "vitest";
import { parseGatewayConfig } from "./parse-gateway-config.js";
import { secretsOf } from "./secrets-of.js";

describe("secretsOf", () => {
  it("finds the credentials in upstream URLs and headers, the Redis password and the gateway's own tokens", () => {
    const config = parseGatewayConfig(
      {
        mcpServers: {
          basic: { url: "https://admin:${PASS}@a.example/mcp?token=${TOKEN}&page=2" },
          lone: { url: "https://${LONE}@b.example/mcp", headers: { Authorization: "Bearer header-token-1", Accept: "application/json" } },
        },
        auth: { bearer: [{ name: "ana", token: "gateway-token-0123456789" }] },
        metrics: { token: "metrics-token-0123456789" },
        cluster: { redisUrl: "redis://:redis-password@redis:6379" },
      },
      { env: { PASS: "p@ss word", TOKEN: "query-token-1", LONE: "lone-token-1" } },
    );
    const secrets = secretsOf(config);
    for (const secret of ["p@ss word", "query-token-1", "lone-token-1", "Bearer header-token-1", "header-token-1", "gateway-token-0123456789", "metrics-token-0123456789", "redis-password"]) {
      expect(secrets, secret).toContain(secret);
    }
    expect(secrets).toContain(Buffer.from("admin:p@ss word").toString("base64"));
    expect(secrets).not.toContain("2");
    expect(secrets).not.toContain("admin");
    expect(secrets).not.toContain("application/json");
  });
});
