import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { ExecutionResult } from "@codemode/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RESOURCES_SERVER } from "../__fixtures__/fixtures.js";
import { parseGatewayConfig } from "../config/index.js";
import { createGateway, type Gateway } from "./index.js";

// A principal's resource allowlist over real HTTP, against an upstream that reads URIs leniently (it ignores fragments
// and queries, decodes escapes, folds case and look-alikes, resolves dot segments): what the allowlist refuses must
// stay refused however the script spells the URI.
const tokens = { mallory: "resources-mallory-token-0123", alice: "resources-alice-token-012345" };
const upstream = { command: process.execPath, args: [RESOURCES_SERVER] };
let gateway: Gateway;
let url: string;
const clients: Client[] = [];

beforeAll(async () => {
  const config = parseGatewayConfig({
    mcpServers: { secret: upstream, docs: upstream },
    auth: {
      bearer: [
        // The README's own pattern for read-only tools, and one folder of docs.
        { name: "mallory", token: tokens.mallory, allow: ["*.read_*", "docs.resource:docs://public/*"] },
        { name: "alice", token: tokens.alice, allow: ["secret.resource:secret://payroll"] },
      ],
    },
    poolSize: 1,
  });
  gateway = createGateway(config, { log: () => undefined });
  await gateway.start();
  url = (await gateway.listen({ port: 0 })).url;
});

afterAll(async () => {
  await Promise.all(clients.map((client) => client.close()));
  await gateway?.close();
});

async function execute(name: keyof typeof tokens, code: string): Promise<ExecutionResult> {
  const client = new Client({ name, version: "1.0.0" });
  await client.connect(new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers: { authorization: `Bearer ${tokens[name]}` } } }));
  clients.push(client);
  const answer = await client.callTool({ name: "execute", arguments: { code } });
  return answer.structuredContent as unknown as ExecutionResult;
}

/** A script that reads each URI of one namespace and returns the text it got, or the error code. */
const readEach = (namespace: string, uris: readonly string[]) => `
  const out = {};
  for (const uri of ${JSON.stringify(uris)}) {
    const read = await resources.read({ namespace: ${JSON.stringify(namespace)}, uri });
    out[uri] = read.ok ? read.data[0].text : read.error.code;
  }
  return out;
`;

const SECRET_TRICKS = [
  "secret://payroll",
  "secret://payroll#.read_",
  "secret://payroll?.read_",
  "secret://payroll?x=.read_x",
  "secret://payroll/.read_/..",
  "secret://payroll/x.read_/../",
  "SECRET://payroll#.read_",
  "secret://PAYROLL#.read_",
  "secret://pay%72oll#.read_",
  "secret://payroll.#.read_",
  "secret://payroll/#.read_",
  "secret://ｐａｙｒｏｌｌ#.read_",
  "secret:\\\\payroll#.read_",
];

const PREFIX_TRICKS = [
  "docs://public/../private/plan",
  "docs://public/%2e%2e/private/plan",
  "docs://public/..%2fprivate/plan",
  "docs://public/%2E%2E%2Fprivate%2Fplan",
  "docs://public/x/../../private/plan",
  "docs://public/./../private/plan",
  "docs://public/\uFF0E\uFF0E/private/plan",
  "docs://public/..\\private\\plan",
  "docs://public/readme/../../private/plan",
  "docs://public/readme#../../private/plan",
  "docs://public/readme?../../private/plan",
  "docs://public//../private/plan",
  "DOCS://public/../private/plan",
];

describe("createGateway's resource allowlist", () => {
  it("refuses every spelling of a resource the allowlist does not name, even where a tool glob matches the spelling", async () => {
    const result = await execute("mallory", readEach("secret", SECRET_TRICKS));
    expect(result.error).toBeNull();
    expect(Object.values(result.result as Record<string, string>)).toEqual(SECRET_TRICKS.map(() => "not_found"));
  });

  it("admits URIs under a declared prefix only as plain path segments, never a way out of the prefix", async () => {
    const result = await execute("mallory", readEach("docs", [...PREFIX_TRICKS, "docs://private/plan", "docs://public/readme", "docs://public/guide/start"]));
    expect(result.error).toBeNull();
    expect(result.result).toEqual({
      ...Object.fromEntries(PREFIX_TRICKS.map((uri) => [uri, "not_found"])),
      "docs://private/plan": "not_found",
      "docs://public/readme": "# Public readme",
      "docs://public/guide/start": "# Start here",
    });
  });

  it("lists only the resources the allowlist admits", async () => {
    const code = "return (await resources.list()).data.map((item) => `${item.namespace} ${item.uri}`).sort();";
    expect((await execute("mallory", code)).result).toEqual(["docs docs://public/guide/start", "docs docs://public/readme"]);
    expect((await execute("alice", code)).result).toEqual(["secret secret://payroll"]);
  });

  it("admits an exact URI as written and nothing else, nor the same URI in another server", async () => {
    const uris = ["secret://payroll", "secret://payroll#x", "secret://payroll/", "secret://Payroll"];
    const result = await execute("alice", `${readEach("secret", uris).replace("return out;", "")}
      const elsewhere = await resources.read({ namespace: "docs", uri: "secret://payroll" });
      return { ...out, elsewhere: elsewhere.ok || elsewhere.error.code };`);
    expect(result.result).toEqual({
      "secret://payroll": "salaries: everyone 1",
      "secret://payroll#x": "not_found",
      "secret://payroll/": "not_found",
      "secret://Payroll": "not_found",
      elsewhere: "not_found",
    });
  });

  it("refuses at config time a resource pattern that is not an exact URI or a trailing prefix, saying what to write", () => {
    for (const pattern of ["secret.resource:secret://*/payroll", "*.resource:secret://payroll", "se*.resource:secret://payroll", "secret.resource:*://payroll"]) {
      const config = { mcpServers: { secret: upstream }, auth: { bearer: [{ name: "x", token: tokens.alice, allow: [pattern] }] } };
      expect(() => parseGatewayConfig(config), pattern).toThrow(/auth\.bearer\[0\]\.allow\[0\]: .*<server>\.resource:<uri>.*<server>\.resource:<prefix>\*/);
    }
  });
});
