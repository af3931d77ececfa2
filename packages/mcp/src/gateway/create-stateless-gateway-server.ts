import { McpError } from "@modelcontextprotocol/sdk/types.js";
import {
  CLIENT_CAPABILITIES_META_KEY,
  createRequestStateCodec,
  McpServer,
  ProtocolError,
  type CallToolResult,
  type ClientCapabilities,
  type McpServerOptions,
  type ServerContext,
  type Tool,
} from "@modelcontextprotocol/server";
import type { ApprovalDecision } from "@codemode/core";
import { createGatewayTools, type CreateGatewayServerOptions, type GatewayToolCall } from "./create-gateway-tools.js";
import { executeToolInputSchema, SEARCH_INPUT_SCHEMA } from "./gateway-tool-schemas.js";
import { cannotAsk, consoleLoggerOf, executeWithInputRequired, progressReporterOf, type ExecuteRequestState } from "./execute-with-input-required.js";
import type { PausedRuns } from "./paused-runs.js";

/** How a 2026-07-28 request's calls are approved: paused runs, and the key that signs their requestState. */
export interface StatelessApprovals {
  runs: PausedRuns;
  /** HMAC key, at least 32 bytes; every process that may receive a retry needs the same one. */
  key: Uint8Array;
  /** The caller's identity, bound into every requestState it is given. */
  caller: string;
  /** This process's replica id in a cluster, named in the requestState so that another replica can say where the run is. */
  replica?: string | undefined;
}

// The list depends on the caller's `allow`, so it may be cached per caller only; the execute tool's description
// names the upstream tools, which change as upstreams come and go, so not for long.
const TOOLS_LIST_CACHE = { ttlMs: 30_000, cacheScope: "private" } as const;

const NO_ELICITATION: ApprovalDecision = {
  approved: false,
  reason: "the connected MCP client did not declare the elicitation capability, so it cannot be asked for approval",
};

/**
 * The gateway's 2026-07-28 server. Its tools are served by the handlers below, not registered with `McpServer`,
 * whose own tools/call would turn invalid arguments into tool errors; it is an `McpServer` because the SDK checks a
 * request's `Mcp-Param-*` headers against the called tool's `x-mcp-header` declarations before dispatch (400 and
 * -32020 on a mismatch) only for one, reading the tool's input schema from `toolInputSchemaJson`.
 */
class GatewayMcpServer extends McpServer {
  constructor(
    info: { name: string; version: string },
    serverOptions: McpServerOptions,
    private readonly inputSchemas: ReadonlyMap<string, Record<string, unknown>>,
  ) {
    super(info, serverOptions);
  }

  override toolInputSchemaJson(name: string): Record<string, unknown> | undefined {
    return this.inputSchemas.get(name);
  }
}

/**
 * Makes the MCP server that answers 2026-07-28 requests (no initialize, no session: each request carries its
 * version, client info and capabilities): the gateway's tools on SDK 2.x, for `createMcpHandler`'s per-request
 * factory and for one stdio connection. A call that needs approval is asked of a client that declared elicitation
 * with an input-required result.
 */
export function createStatelessGatewayServer(options: CreateGatewayServerOptions, approvals: StatelessApprovals): McpServer {
  const tools = createGatewayTools(options);
  const codec = createRequestStateCodec<ExecuteRequestState>({
    key: approvals.key,
    // A state is good only for the caller it was handed to, and only for tools/call.
    bind: (ctx) => `${ctx.mcpReq.method}\0${approvals.caller}`,
  });
  const inputSchemas = new Map<string, Record<string, unknown>>([[options.executeName, executeToolInputSchema(options.sessionOwner !== undefined)]]);
  if (options.searchName !== false) inputSchemas.set(options.searchName, SEARCH_INPUT_SCHEMA);
  const mcpServer = new GatewayMcpServer(
    { name: "codemode-gateway", version: options.version },
    {
      // Logging is how a request's own log level (in its _meta) asks for the script's console lines.
      capabilities: { tools: { listChanged: true }, logging: {} },
      cacheHints: { "tools/list": TOOLS_LIST_CACHE },
      // A tampered, expired or foreign state is refused with -32602 before the handler runs.
      requestState: { verify: codec.verify },
    },
    inputSchemas,
  );
  // McpServer installed its own tools/list and tools/call for the capability; these replace them.
  const { server } = mcpServer;

  // The SDKs' tool types describe the same wire shape; 2.x only widens some fields.
  // While an upstream is still starting, the list is about to change: a client should not keep it.
  server.setRequestHandler("tools/list", () => ({ tools: tools.list() as Tool[], ...(options.catalogPending?.() ? { ttlMs: 0 } : {}) }));

  server.setRequestHandler("tools/call", async (request, ctx) => {
    try {
      if (request.params.name === options.executeName && declaresElicitation(ctx)) {
        const runs = { tools, runs: approvals.runs, codec, caller: approvals.caller, replica: approvals.replica };
        return (await executeWithInputRequired(runs, request.params, ctx)) as CallToolResult;
      }
      return (await tools.call(request.params.name, request.params.arguments, toolCallOf(ctx))) as CallToolResult;
    } catch (error) {
      // Argument and unknown-tool errors are JSON-RPC errors in either era; 2.x sends only its own error class as one.
      if (error instanceof McpError) throw new ProtocolError(error.code, withoutCodePrefix(error.message), error.data);
      throw error;
    }
  });

  return mcpServer;
}

/**
 * Whether this request's client can answer elicitation. A 2026-07-28 request declares its capabilities in its own
 * envelope; over HTTP the SDK also copies them onto the per-request server, but a stdio connection's one server keeps
 * no client state, so the envelope is what to read.
 */
function declaresElicitation(ctx: ServerContext): boolean {
  const envelope = ctx.mcpReq.envelope as Record<string, unknown> | undefined;
  const capabilities = envelope?.[CLIENT_CAPABILITIES_META_KEY] as ClientCapabilities | undefined;
  return capabilities?.elicitation !== undefined;
}

function toolCallOf(ctx: ServerContext): GatewayToolCall {
  return { signal: ctx.mcpReq.signal, askApproval: async () => NO_ELICITATION, ask: cannotAsk, ...progressReporterOf(ctx), ...consoleLoggerOf(ctx) };
}


/** SDK 1.x puts "MCP error <code>: " in front of the message it was given. */
function withoutCodePrefix(message: string): string {
  return message.replace(/^MCP error -?\d+: /, "");
}
