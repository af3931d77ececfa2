import { executeInputSchema, type JsonSchema } from "@codemode/core";

/** The search tool's input. */
export const SEARCH_INPUT_SCHEMA = {
  type: "object",
  properties: {
    query: { type: "string", description: "Words describing what you want to do; omit to list every tool." },
    server_filter: { type: "string", description: "Only tools of this upstream server id." },
    detail_level: {
      type: "string",
      enum: ["brief", "full"],
      description: '"brief" (default): path, description and signature; "full" adds the input and output schemas.',
    },
    limit: { type: "integer", minimum: 1, maximum: 100, description: "The most tools to return." },
  },
  additionalProperties: false,
} as const;

/** The search tool's structuredContent: one catalog page. */
export const SEARCH_RESULT_SCHEMA = {
  type: "object",
  properties: {
    items: {
      type: "array",
      items: {
        type: "object",
        properties: {
          name: { type: "string" },
          path: { type: "string" },
          description: { type: "string" },
          signature: { type: "string" },
          inputSchema: { type: "object" },
          outputSchema: { type: "object" },
        },
        required: ["name", "path", "description", "signature"],
      },
    },
    total: { type: "integer" },
    limit: { type: "integer" },
    offset: { type: "integer" },
    hasMore: { type: "boolean" },
    nextOffset: { type: "integer" },
    notes: { type: "array", items: { type: "string" }, description: "Upstreams whose tools are missing from these results, and why." },
  },
  required: ["items", "total", "hasMore"],
} as const;

/**
 * The `Mcp-Param-` header that carries the execute tool's `sessionId` (MCP 2026-07-28, `x-mcp-header`): a client
 * sends `Mcp-Param-Session-Id: <id>` beside the body, so a load balancer can send every execution of one code-mode
 * session to the process that holds it without reading the body.
 */
export const SESSION_ID_HEADER = "Session-Id";

/**
 * The execute tool's input as the gateway publishes it: the core's schema, with `sessionId` (present when sessions
 * are on) declared as a custom header.
 */
export function executeToolInputSchema(sessions: boolean): JsonSchema {
  const schema = executeInputSchema({ sessions });
  const properties = schema.properties as Record<string, JsonSchema>;
  if (!properties.sessionId) return schema;
  return { ...schema, properties: { ...properties, sessionId: { ...properties.sessionId, "x-mcp-header": SESSION_ID_HEADER } } };
}
