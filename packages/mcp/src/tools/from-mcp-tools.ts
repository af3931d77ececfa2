import { CodeModeError, toolResult, type JsonSchema, type ToolDefinition } from "@codemode/core";
import type { CallToolResult, Tool } from "@modelcontextprotocol/sdk/types.js";
import { normalizeCallResult } from "../normalize/index.js";
import { reportToolCall } from "./gateway-call-context.js";

/** Calls one upstream tool by its original MCP name. */
export type CallUpstreamTool = (name: string, args: unknown, options: { signal?: AbortSignal }) => Promise<CallToolResult>;

const RESERVED = new Set(["__proto__", "constructor", "prototype"]);

/**
 * Turns one upstream server's MCP tools into core tool definitions named `<serverId>.<tool>`; a name that is not a
 * valid segment is sanitised (and made unique), while calls still reach the upstream under its original name.
 */
export function fromMcpTools(serverId: string, tools: readonly Tool[], callTool: CallUpstreamTool): ToolDefinition[] {
  const taken = new Set<string>();
  return tools.map((tool) => {
    const localName = uniqueName(sanitizeName(tool.name), taken);
    const outputSchema = tool.outputSchema as JsonSchema | undefined;
    return {
      name: `${serverId}.${localName}`,
      description: tool.description ?? tool.title ?? "",
      inputSchema: tool.inputSchema as JsonSchema,
      ...(outputSchema ? { outputSchema: unwrapResultSchema(outputSchema) } : {}),
      ...(tool.annotations ? { annotations: stripUndefined({ ...tool.annotations, title: tool.annotations.title ?? tool.title }) } : {}),
      async execute(args: unknown, { signal, context }) {
        try {
          const normalized = normalizeCallResult(await callTool(tool.name, args, { signal }), outputSchema);
          if (!normalized.ok) throw new CodeModeError("TOOL_ERROR", normalized.message);
          return toolResult(normalized.data, { omitted: normalized.omitted });
        } finally {
          reportToolCall(context, `${serverId}.${localName}`);
        }
      },
    } satisfies ToolDefinition;
  });
}

/** Makes an MCP tool name a valid name segment: every other character becomes `_`. */
export function sanitizeName(name: string): string {
  const cleaned = name.replace(/[^A-Za-z0-9_-]/g, "_") || "_";
  return RESERVED.has(cleaned) ? `${cleaned}_` : cleaned;
}

function uniqueName(name: string, taken: Set<string>): string {
  let candidate = name;
  for (let index = 2; taken.has(candidate); index++) candidate = `${name}_${index}`;
  taken.add(candidate);
  return candidate;
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
