import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { ExecutionResult } from "@codemode/core";
import { ADVERSARIAL_ALLOW, ADVERSARIAL_WORKSPACE, ADVERSARY_NAMESPACE, describeAdversarialSuite, type AdversarialPrincipal } from "@codemode/core/testing";
import { FAULT_SERVER } from "../__fixtures__/fixtures.js";
import { parseGatewayConfig } from "../config/index.js";
import { createGateway } from "./index.js";

const TOKENS: Record<AdversarialPrincipal, string> = { adversary: "adversary-token-0123456789", victim: "victim-token-0123456789" };

// The same table as the engine's, through a real gateway over Streamable HTTP with a real MCP client for each
// principal: the fault server is the upstream, named so that its tools are the cases' `tools.adversary.*`.
describeAdversarialSuite(
  "createGateway",
  async (limits) => {
    const dir = await mkdtemp(path.join(tmpdir(), "codemode-gateway-adversarial-"));
    const config = parseGatewayConfig({
      mcpServers: { [ADVERSARY_NAMESPACE]: { command: process.execPath, args: [FAULT_SERVER], maxResponseBytes: 1024 * 1024 } },
      limits,
      poolSize: 2,
      auth: { bearer: [{ name: "adversary", token: TOKENS.adversary, allow: [...ADVERSARIAL_ALLOW] }, { name: "victim", token: TOKENS.victim }] },
      workspace: { dir, ...ADVERSARIAL_WORKSPACE },
      // The suite holds the run's own defences to account; the check would refuse some of its scripts first.
      script: { check: "off" },
    });
    const gateway = createGateway(config, { log: () => undefined });
    await gateway.start();
    const listener = await gateway.listen({ port: 0 });
    const clients = new Map<AdversarialPrincipal, Client>();
    for (const principal of ["adversary", "victim"] as const) {
      const client = new Client({ name: `adversarial-${principal}`, version: "1.0.0" });
      const headers = { Authorization: `Bearer ${TOKENS[principal]}` };
      await client.connect(new StreamableHTTPClientTransport(new URL(listener.url), { requestInit: { headers } }));
      // Listing first makes the client check every structuredContent against the execute tool's outputSchema.
      await client.listTools();
      clients.set(principal, client);
    }
    return {
      async execute(code, principal = "adversary") {
        const answer = await clients.get(principal)!.callTool({ name: "execute", arguments: { code } });
        return answer.structuredContent as unknown as ExecutionResult;
      },
      async close() {
        await Promise.all([...clients.values()].map((client) => client.close()));
        await gateway.close();
        await rm(dir, { recursive: true, force: true });
      },
    };
  },
  // Each run also crosses HTTP, the MCP SDK and an upstream process.
  { slackMs: 8000 },
);
