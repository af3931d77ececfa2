import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { CallToolRequestSchema, ListToolsRequestSchema, SetLevelRequestSchema, type LoggingLevel } from "@modelcontextprotocol/sdk/types.js";
import { askSessionClient, elicitApproval } from "../approval/index.js";
import { createGatewayTools, type CreateGatewayServerOptions } from "./create-gateway-tools.js";
import { admitsInfo, consoleMessage } from "./console-message.js";

export type { CreateGatewayServerOptions } from "./create-gateway-tools.js";

/**
 * Makes the MCP server one 2025-era client talks to (initialize, a session, server-to-client requests): the gateway's
 * tools on SDK 1.x, with approvals asked through elicitation on the session.
 */
export function createGatewayServer(options: CreateGatewayServerOptions): Server {
  const tools = createGatewayTools(options);
  const server = new Server(
    { name: "codemode-gateway", version: options.version },
    { capabilities: { tools: { listChanged: true }, logging: {} } },
  );

  server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: tools.list() }));

  // The level the client asked for with logging/setLevel: a script's console lines go to a client that asked for
  // `info` or more, and to no other. (The SDK's own handler, replaced here, keeps it where the gateway cannot read it.)
  let level: LoggingLevel | undefined;
  server.setRequestHandler(SetLevelRequestSchema, (request) => {
    level = request.params.level;
    return {};
  });

  server.setRequestHandler(CallToolRequestSchema, (request, extra) => {
    const progressToken = extra._meta?.progressToken;
    return tools.call(request.params.name, request.params.arguments, {
      signal: extra.signal,
      // Approvals go to the client that called execute, on this request's session (MCP elicitation).
      askApproval: (approval) => elicitApproval(server, extra.requestId, approval),
      // So do the questions and log messages of the upstreams the execution calls.
      ask: (question, signal) => askSessionClient(server, extra.requestId, question, signal),
      log: (params) => void extra.sendNotification({ method: "notifications/message", params }).catch(() => undefined),
      ...(level !== undefined && admitsInfo(level)
        ? { logConsole: (line: string) => void extra.sendNotification({ method: "notifications/message", params: consoleMessage(line) }).catch(() => undefined) }
        : {}),
      ...(progressToken === undefined
        ? {}
        : {
            reportProgress: (progress, message) => {
              const params = { progressToken, progress, message };
              extra.sendNotification({ method: "notifications/progress", params }).catch(() => undefined);
            },
          }),
    });
  });

  return server;
}
