import { readFileSync } from "node:fs";
import { Ajv2020 } from "ajv/dist/2020.js";
import { describe, expect, it } from "vitest";
import { gatewayConfigJsonSchema } from "./gateway-config-json-schema.js";
import { parseGatewayConfig } from "./parse-gateway-config.js";

const SCHEMA_FILE = new URL("../../gateway-config.schema.json", import.meta.url);
const PACKAGE = JSON.parse(readFileSync(new URL("../../package.json", import.meta.url), "utf8")) as {
  exports: Record<string, unknown>;
  files: string[];
};

// The README's example config, as a user writes it.
const EXAMPLE = {
  $schema: "./node_modules/@codemode/mcp/gateway-config.schema.json",
  mcpServers: {
    billing: { command: "node", args: ["billing-server.js"], env: {}, cwd: ".", timeoutMs: 10000 },
    docs: { url: "http://127.0.0.1:9000/mcp", headers: { Authorization: "Bearer ${env:DOCS_TOKEN}" } },
  },
  limits: { timeoutMs: 30000, maxHostCalls: 256, maxResponseBytes: 8388608 },
  tools: { execute: "execute", search: "search" },
  auth: { bearer: [{ name: "analytics-agent", token: "${env:AGENT_TOKEN}", allow: ["billing.*", "docs.*"] }] },
};

describe("gatewayConfigJsonSchema", () => {
  it("is the schema in gateway-config.schema.json (run `pnpm --filter @codemode/mcp exec vitest run -u src/config` after changing the config)", async () => {
    await expect(`${JSON.stringify(gatewayConfigJsonSchema(), null, 2)}\n`).toMatchFileSnapshot(SCHEMA_FILE.pathname);
  });

  it("ships in the package, under its own export", () => {
    expect(PACKAGE.files).toContain("gateway-config.schema.json");
    expect(PACKAGE.exports["./gateway-config.schema.json"]).toBe("./gateway-config.schema.json");
  });

  it("accepts what the parser accepts, $schema included, and flags the mistakes the parser refuses", () => {
    const validate = new Ajv2020({ strict: false, allErrors: true }).compile(JSON.parse(readFileSync(SCHEMA_FILE, "utf8")));
    expect(validate(EXAMPLE), JSON.stringify(validate.errors)).toBe(true);
    expect(parseGatewayConfig(EXAMPLE, { env: { DOCS_TOKEN: "d", AGENT_TOKEN: "a-token-of-twenty-chars" } })).not.toHaveProperty("$schema");

    const typo = { mcpServers: { a: { command: "node" } }, limits: { timeoutMS: 1000 } };
    expect(validate(typo)).toBe(false);
    expect(validate.errors).toContainEqual(expect.objectContaining({ instancePath: "/limits", params: { additionalProperty: "timeoutMS" } }));
    expect(() => parseGatewayConfig(typo, { env: {} })).toThrow("limits.timeoutMS: unknown key");

    expect(validate({ mcpServers: { "bad id": { command: "node" } } })).toBe(false);
    expect(validate({ mcpServers: { a: { command: "node", timeoutMs: "10s" } } })).toBe(false);
  });

  it("marks the keys the parser refuses with their fix, so an editor strikes them through", () => {
    const schema = gatewayConfigJsonSchema() as { properties: Record<string, { deprecated?: boolean; description?: string; additionalProperties?: { properties: Record<string, { deprecated?: boolean; description?: string }> } }> };
    expect(schema.properties.inputs).toMatchObject({ deprecated: true, description: expect.stringContaining("${env:NAME}") });
    expect(schema.properties.mcpServers?.additionalProperties?.properties.headersHelper).toMatchObject({ deprecated: true, description: expect.stringContaining("write the headers in headers") });
  });
});
