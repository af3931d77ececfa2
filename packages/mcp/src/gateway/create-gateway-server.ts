import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { CallToolRequestSchema, ErrorCode, ListToolsRequestSchema, McpError } from "@modelcontextprotocol/sdk/types.js";
import type { CallToolResult, ServerNotification, ServerRequest, Tool } from "@modelcontextprotocol/sdk/types.js";
import type { RequestHandlerExtra } from "@modelcontextprotocol/sdk/shared/protocol.js";
import { EXECUTION_RESULT_SCHEMA, executeInputSchema, formatExecutionResult, toErrorData, type CodeMode } from "@codemode/core";
import { elicitApproval } from "../approval/index.js";
import type { GatewayCallContext } from "../tools/index.js";
import { SEARCH_INPUT_SCHEMA, SEARCH_RESULT_SCHEMA } from "./gateway-tool-schemas.js";
import { renderSearchPage } from "./render-search-page.js";
import { parseExecuteArguments, parseSearchArguments } from "./parse-gateway-arguments.js";
import { searchTools } from "./search-tools.js";

/** Options of {@link createGatewayServer}. */
export interface CreateGatewayServerOptions {
  codeMode: CodeMode;
  /** The execute tool's name. */
  executeName: string;
  /** The search tool's name, or false for execute-only mode. */
  searchName: string | false;
  /** The caller's allowlist; absent means every tool. */
  allow?: readonly string[];
  version: string;
  /**
   * Present when sessions are on: the caller's identity, which owns the sessions its executions start and must match
   * to resume one. `execute` then takes a `sessionId`.
   */
  sessionOwner?: string;
}

type Extra = RequestHandlerExtra<ServerRequest, ServerNotification>;

/** Makes the MCP server one client talks to: `execute` and `search` over the shared code mode, filtered by `allow`. */
export function createGatewayServer(options: CreateGatewayServerOptions): Server {
  const { codeMode, executeName, searchName, allow } = options;
  const server = new Server(
    { name: "codemode-gateway", version: options.version },
    { capabilities: { tools: { listChanged: true } } },
  );
  const scope = allow ? { allow } : {};

  server.setRequestHandler(ListToolsRequestSchema, () => {
    const tools: Tool[] = [
      {
        name: executeName,
        description: codeMode.prompt(scope),
        inputSchema: executeInputSchema({ sessions: options.sessionOwner !== undefined }) as Tool["inputSchema"],
        outputSchema: EXECUTION_RESULT_SCHEMA as Tool["outputSchema"],
        annotations: { title: "Run a script against the tools", openWorldHint: true },
      },
    ];
    if (searchName !== false) {
      tools.push({
        name: searchName,
        description:
          "Find the tools a script can call. Returns each tool's path (tools.<server>.<tool>), signature and description; detail_level \"full\" adds its JSON Schemas.",
        inputSchema: SEARCH_INPUT_SCHEMA as unknown as Tool["inputSchema"],
        outputSchema: SEARCH_RESULT_SCHEMA as unknown as Tool["outputSchema"],
        annotations: { title: "Search the tools", readOnlyHint: true, openWorldHint: false },
      });
    }
    return { tools };
  });

  server.setRequestHandler(CallToolRequestSchema, async (request, extra): Promise<CallToolResult> => {
    const { name, arguments: args } = request.params;
    if (name === executeName) return execute(args, extra);
    if (searchName !== false && name === searchName) {
      const parsed = parseSearchArguments(searchName, args);
      try {
        const page = await searchTools(codeMode, parsed, scope);
        return { content: [{ type: "text", text: renderSearchPage(page) }], structuredContent: { ...page } };
      } catch (error) {
        return { content: [{ type: "text", text: toErrorData(error).message }], isError: true };
      }
    }
    // -32602 as the MCP spec asks for an unknown tool (docs/decisions: unknown tool error code).
    throw new McpError(ErrorCode.InvalidParams, `Tool ${name} not found.`);
  });

  async function execute(args: unknown, extra: Extra): Promise<CallToolResult> {
    const { code, sessionId } = parseExecuteArguments(executeName, args, options.sessionOwner !== undefined);
    const session = sessionId === undefined ? {} : { sessionId, owner: options.sessionOwner };
    const progressToken = extra._meta?.progressToken;
    let completed = 0;
    // Approvals go to the client that called execute, on this request's session (MCP elicitation).
    const context: GatewayCallContext = { askApproval: (request) => elicitApproval(server, extra.requestId, request) };
    if (progressToken !== undefined) {
      context.onToolCall = (tool) => {
        completed++;
        const params = { progressToken, progress: completed, message: `${tool} finished` };
        extra.sendNotification({ method: "notifications/progress", params }).catch(() => undefined);
      };
    }
    const result = await codeMode.execute(code, { signal: extra.signal, context, ...scope, ...session });
    return {
      content: [{ type: "text", text: formatExecutionResult(result) }],
      structuredContent: { ...result },
      isError: result.status === "failed",
      // What was dropped to fit maxOutputBytes, for clients that read only _meta.
      ...(result.truncation ? { _meta: { "codemode/truncation": { ...result.truncation } } } : {}),
    };
  }

  return server;
}
