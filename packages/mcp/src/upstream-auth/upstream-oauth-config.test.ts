import { describe, expect, it } from "vitest";
import { parseGatewayConfig } from "../config/index.js";

function problemsOf(oauth: unknown, entry: Record<string, unknown> = { url: "https://crm.example.com/mcp" }): unknown {
  try {
    parseGatewayConfig({ mcpServers: { crm: { ...entry, oauth } } }, { env: {} });
  } catch (error) {
    return (error as { details?: { problems?: unknown } }).details?.problems;
  }
  return [];
}

describe("upstreamOAuthConfigSchema", () => {
  it("takes an empty object, a pre-registered client and the machine grants", () => {
    expect(problemsOf({})).toEqual([]);
    expect(problemsOf({ clientId: "gw", clientSecret: "s", scope: "read write", redirectPort: 8976 })).toEqual([]);
    expect(problemsOf({ grant: "client_credentials", clientId: "gw", clientSecret: "s", tokenEndpointAuthMethod: "client_secret_post" })).toEqual([]);
    expect(problemsOf({ grant: "client_credentials", clientId: "gw", privateKeyFile: "gw.pem", signingAlgorithm: "ES256" })).toEqual([]);
  });

  it("names the key and the fix for what cannot work", () => {
    expect(problemsOf({ grant: "password" })).toEqual(['mcpServers.crm.oauth.grant: must be "authorization_code" or "client_credentials"']);
    expect(problemsOf({ grant: "client_credentials" })).toEqual([
      "mcpServers.crm.oauth.clientId: is required for the client_credentials grant",
      "mcpServers.crm.oauth.clientSecret: is required for the client_credentials grant (or give privateKeyFile)",
    ]);
    expect(problemsOf({ privateKeyFile: "k.pem", clientId: "gw" })).toEqual(["mcpServers.crm.oauth.privateKeyFile: private_key_jwt is only for the client_credentials grant"]);
    expect(problemsOf({ clientSecret: "s" })).toEqual(["mcpServers.crm.oauth.clientId: is required with clientSecret"]);
    expect(problemsOf({ clientMetadataUrl: "http://example.com/client.json" })).toEqual(["mcpServers.crm.oauth.clientMetadataUrl: must be an https URL with a path"]);
    expect(problemsOf({ redirectPort: 70000 })).toHaveLength(1);
    expect(problemsOf({ secret: "s" })).toEqual([
      "mcpServers.crm.oauth.secret: unknown key (the keys here are grant, clientId, clientSecret, scope, redirectPort, clientMetadataUrl, tokenEndpointAuthMethod, privateKeyFile, signingAlgorithm, issuer)",
    ]);
  });

  it("is only for HTTP servers", () => {
    expect(problemsOf({}, { command: "node" })).toEqual(["mcpServers.crm.oauth: is only for HTTP servers"]);
  });
});
