import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { ExecutionResult } from "@codemode/core";
import { ADVERSARY_NAMESPACE, describeAdversarialSuite } from "@codemode/core/testing";
import { FAULT_SERVER } from "../__fixtures__/fixtures.js";
import { parseGatewayConfig } from "../config/index.js";
import { createGateway } from "./index.js";

// The same table as the engine's, through a real gateway over Streamable HTTP with a real MCP client: the fault
// server is the upstream, named so that its `echo` is the cases' `tools.adversary.echo`.
describeAdversarialSuite(
  "createGateway",
  async (limits) => {
    const config = parseGatewayConfig({
      mcpServers: { [ADVERSARY_NAMESPACE]: { command: process.execPath, args: [FAULT_SERVER], maxResponseBytes: 1024 * 1024 } },
      limits,
      poolSize: 2,
      // The suite holds the run's own defences to account; the check would refuse some of its scripts first.
      script: { check: "off" },
    });
    const gateway = createGateway(config, { log: () => undefined });
    await gateway.start();
    const listener = await gateway.listen({ port: 0 });
    const client = new Client({ name: "adversarial", version: "1.0.0" });
    await client.connect(new StreamableHTTPClientTransport(new URL(listener.url)));
    // Listing first makes the client check every structuredContent against the execute tool's outputSchema.
    await client.listTools();
    return {
      async execute(code) {
        const answer = await client.callTool({ name: "execute", arguments: { code } });
        return answer.structuredContent as unknown as ExecutionResult;
      },
      async close() {
        await client.close();
        await gateway.close();
      },
    };
  },
  // Each run also crosses HTTP, the MCP SDK and an upstream process.
  { slackMs: 8000 },
);
