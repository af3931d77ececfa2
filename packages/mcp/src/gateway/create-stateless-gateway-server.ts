import { McpError } from "@modelcontextprotocol/sdk/types.js";
import { createRequestStateCodec, ProtocolError, Server, type CallToolResult, type ServerContext, type Tool } from "@modelcontextprotocol/server";
import type { ApprovalDecision } from "@codemode/core";
import { createGatewayTools, type CreateGatewayServerOptions, type GatewayToolCall } from "./create-gateway-tools.js";
import { cannotAsk, executeWithInputRequired, progressReporterOf, type ExecuteRequestState } from "./execute-with-input-required.js";
import type { PausedRuns } from "./paused-runs.js";

/** How a 2026-07-28 request's calls are approved: paused runs, and the key that signs their requestState. */
export interface StatelessApprovals {
  runs: PausedRuns;
  /** HMAC key, at least 32 bytes; every process that may receive a retry needs the same one. */
  key: Uint8Array;
  /** The caller's identity, bound into every requestState it is given. */
  caller: string;
}

// The list depends on the caller's `allow`, so it may be cached per caller only; the execute tool's description
// names the upstream tools, which change as upstreams come and go, so not for long.
const TOOLS_LIST_CACHE = { ttlMs: 30_000, cacheScope: "private" } as const;

const NO_ELICITATION: ApprovalDecision = {
  approved: false,
  reason: "the connected MCP client did not declare the elicitation capability, so it cannot be asked for approval",
};

/**
 * Makes the MCP server that answers one 2026-07-28 request (no initialize, no session: each request carries its
 * version, client info and capabilities): the gateway's tools on SDK 2.x, for `createMcpHandler`'s per-request
 * factory. A call that needs approval is asked of a client that declared elicitation with an input-required result.
 */
export function createStatelessGatewayServer(options: CreateGatewayServerOptions, approvals: StatelessApprovals): Server {
  const tools = createGatewayTools(options);
  const codec = createRequestStateCodec<ExecuteRequestState>({
    key: approvals.key,
    // A state is good only for the caller it was handed to, and only for tools/call.
    bind: (ctx) => `${ctx.mcpReq.method}\0${approvals.caller}`,
  });
  const server = new Server(
    { name: "codemode-gateway", version: options.version },
    {
      capabilities: { tools: { listChanged: true } },
      cacheHints: { "tools/list": TOOLS_LIST_CACHE },
      // A tampered, expired or foreign state is refused with -32602 before the handler runs.
      requestState: { verify: codec.verify },
    },
  );

  // The SDKs' tool types describe the same wire shape; 2.x only widens some fields.
  server.setRequestHandler("tools/list", () => ({ tools: tools.list() as Tool[] }));

  server.setRequestHandler("tools/call", async (request, ctx) => {
    try {
      if (request.params.name === options.executeName && server.getClientCapabilities()?.elicitation) {
        const runs = { tools, runs: approvals.runs, codec, caller: approvals.caller };
        return (await executeWithInputRequired(runs, request.params, ctx)) as CallToolResult;
      }
      return (await tools.call(request.params.name, request.params.arguments, toolCallOf(ctx))) as CallToolResult;
    } catch (error) {
      // Argument and unknown-tool errors are JSON-RPC errors in either era; 2.x sends only its own error class as one.
      if (error instanceof McpError) throw new ProtocolError(error.code, withoutCodePrefix(error.message), error.data);
      throw error;
    }
  });

  return server;
}

function toolCallOf(ctx: ServerContext): GatewayToolCall {
  return { signal: ctx.mcpReq.signal, askApproval: async () => NO_ELICITATION, ask: cannotAsk, ...progressReporterOf(ctx) };
}

/** SDK 1.x puts "MCP error <code>: " in front of the message it was given. */
function withoutCodePrefix(message: string): string {
  return message.replace(/^MCP error -?\d+: /, "");
}
