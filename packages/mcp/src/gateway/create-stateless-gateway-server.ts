import { McpError } from "@modelcontextprotocol/sdk/types.js";
import { ProtocolError, Server, type CallToolResult, type ServerContext, type Tool } from "@modelcontextprotocol/server";
import type { ApprovalDecision } from "@codemode/core";
import { createGatewayTools, type CreateGatewayServerOptions, type GatewayToolCall } from "./create-gateway-tools.js";

// The list depends on the caller's `allow`, so it may be cached per caller only; the execute tool's description
// names the upstream tools, which change as upstreams come and go, so not for long.
const TOOLS_LIST_CACHE = { ttlMs: 30_000, cacheScope: "private" } as const;

const STATELESS_APPROVAL_DENIAL: ApprovalDecision = {
  approved: false,
  reason:
    "this call needs approval, and the gateway asks for approvals only over MCP 2025-11-25 (an initialized session that " +
    "can answer elicitation); this client speaks 2026-07-28",
};

/**
 * Makes the MCP server that answers one 2026-07-28 request (no initialize, no session: each request carries its
 * version, client info and capabilities): the gateway's tools on SDK 2.x, for `createMcpHandler`'s per-request
 * factory.
 */
export function createStatelessGatewayServer(options: CreateGatewayServerOptions): Server {
  const tools = createGatewayTools(options);
  const server = new Server(
    { name: "codemode-gateway", version: options.version },
    { capabilities: { tools: { listChanged: true } }, cacheHints: { "tools/list": TOOLS_LIST_CACHE } },
  );

  // The SDKs' tool types describe the same wire shape; 2.x only widens some fields.
  server.setRequestHandler("tools/list", () => ({ tools: tools.list() as Tool[] }));

  server.setRequestHandler("tools/call", async (request, ctx) => {
    try {
      const result = await tools.call(request.params.name, request.params.arguments, toolCallOf(ctx));
      return result as CallToolResult;
    } catch (error) {
      // Argument and unknown-tool errors are JSON-RPC errors in either era; 2.x sends only its own error class as one.
      if (error instanceof McpError) throw new ProtocolError(error.code, withoutCodePrefix(error.message), error.data);
      throw error;
    }
  });

  return server;
}

function toolCallOf(ctx: ServerContext): GatewayToolCall {
  const progressToken = ctx.mcpReq._meta?.progressToken;
  return {
    signal: ctx.mcpReq.signal,
    askApproval: async () => STATELESS_APPROVAL_DENIAL,
    ...(progressToken === undefined
      ? {}
      : {
          reportProgress: (progress, message) => {
            const params = { progressToken, progress, message };
            ctx.mcpReq.notify({ method: "notifications/progress", params }).catch(() => undefined);
          },
        }),
  };
}

/** SDK 1.x puts "MCP error <code>: " in front of the message it was given. */
function withoutCodePrefix(message: string): string {
  return message.replace(/^MCP error -?\d+: /, "");
}
