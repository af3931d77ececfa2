import { createToolNamer, fromCallToolResult, type JsonSchema, type ToolDefinition } from "@codemode/core";
import type { CallToolResult, Tool } from "@modelcontextprotocol/client";
import type { UpstreamCallOptions, UpstreamCaller } from "./upstream-caller.js";
import type { GatewayCallContext } from "./gateway-call-context.js";

/** Calls one upstream tool by its original MCP name. */
export type CallUpstreamTool = (name: string, args: unknown, options: UpstreamCallOptions) => Promise<CallToolResult>;

/**
 * Turns one upstream server's MCP tools into core tool definitions named `<serverId>.<tool>` by the core's tool-name
 * rule, while calls still reach the upstream under the original name. Results go through the core's MCP result rule
 * (`fromCallToolResult`), with the tool's outputSchema for binary fields.
 */
export function fromMcpTools(serverId: string, tools: readonly Tool[], callTool: CallUpstreamTool): ToolDefinition[] {
  const nameOf = createToolNamer();
  return tools.map((tool) => {
    const name = nameOf(tool.name, serverId);
    const outputSchema = tool.outputSchema as JsonSchema | undefined;
    return {
      name,
      description: tool.description ?? tool.title ?? "",
      inputSchema: tool.inputSchema as JsonSchema,
      ...(outputSchema ? { outputSchema: unwrapResultSchema(outputSchema) } : {}),
      ...(tool.annotations ? { annotations: stripUndefined({ ...tool.annotations, title: tool.annotations.title ?? tool.title }) } : {}),
      async execute(args: unknown, { signal, context }) {
        return fromCallToolResult(await callTool(tool.name, args, { signal, ...callerOf(context, name) }), { outputSchema });
      },
    } satisfies ToolDefinition;
  });
}

// Executions run without the gateway's context (the CLI's) have no client: their upstreams' questions are declined.
const NO_CLIENT: UpstreamCaller = {};

/** The execution behind a call, as its upstream needs it: questions and logs go to it, and so does progress. */
function callerOf(context: unknown, name: string): Omit<UpstreamCallOptions, "signal"> {
  const { caller, onUpstreamProgress } = (context ?? {}) as GatewayCallContext;
  return {
    caller: caller ?? NO_CLIENT,
    ...(typeof onUpstreamProgress === "function" ? { onProgress: (progress) => onUpstreamProgress(name, progress) } : {}),
  };
}

// The envelope carries `structuredContent.result` unwrapped, so the declared type must describe it the same way.
function unwrapResultSchema(schema: JsonSchema): JsonSchema {
  const properties = schema.properties as Record<string, JsonSchema> | undefined;
  if (!properties || Object.keys(properties).length !== 1 || !properties.result) return schema;
  const { properties: _properties, required: _required, type: _type, additionalProperties: _extra, ...rest } = schema;
  return { ...rest, ...properties.result };
}

function stripUndefined<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, item]) => item !== undefined)) as T;
}
