import { SESSION_ID_DESCRIPTION } from "@codemode/core";

/** The execute tool's input: one script, nothing else. */
export const EXECUTE_INPUT_SCHEMA = {
  type: "object",
  properties: {
    code: {
      type: "string",
      description: "The body of an async JavaScript/TypeScript function: call tools with `await tools.<server>.<tool>(args)` and `return` what matters.",
    },
  },
  required: ["code"],
  additionalProperties: false,
} as const;

/** The execute tool's input when sessions are on: the script and, optionally, the session to run it in. */
export const EXECUTE_SESSION_INPUT_SCHEMA = {
  ...EXECUTE_INPUT_SCHEMA,
  properties: {
    ...EXECUTE_INPUT_SCHEMA.properties,
    sessionId: { type: "string", description: SESSION_ID_DESCRIPTION },
  },
} as const;

/** The search tool's input, after seed 000's search tool. */
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

/** The execute tool's structuredContent: the core's ExecutionResult. */
export const EXECUTION_RESULT_SCHEMA = {
  type: "object",
  properties: {
    status: { type: "string", enum: ["completed", "failed"] },
    result: { description: "The script's returned value as JSON; null when it returned nothing or failed." },
    error: {
      anyOf: [
        { type: "null" },
        {
          type: "object",
          properties: {
            kind: { type: "string" },
            message: { type: "string" },
            line: { type: ["integer", "null"] },
            column: { type: ["integer", "null"] },
          },
          required: ["kind", "message"],
        },
      ],
    },
    diagnostics: { type: "array", items: { type: "object", properties: { code: { type: "string" }, message: { type: "string" } } } },
    logs: { type: "array", items: { type: "string" } },
    toolCalls: {
      type: "array",
      items: {
        type: "object",
        properties: {
          tool: { type: "string" },
          ok: { type: "boolean" },
          durationMs: { type: "number" },
          errorCode: { type: "string" },
          approval: {
            type: "object",
            description: "Present when the call needed approval: whether it was given and how long it waited.",
            properties: { approved: { type: "boolean" }, waitedMs: { type: "number" } },
          },
        },
        required: ["tool", "ok"],
      },
    },
    durationMs: { type: "number" },
    sessionId: { type: "string", description: "The session the execution ran in, while it lives." },
    truncation: {
      type: "object",
      properties: { logsOmitted: { type: "integer" }, toolCallsOmitted: { type: "integer" } },
    },
  },
  required: ["status", "result", "error", "diagnostics", "logs", "toolCalls", "durationMs"],
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
  },
  required: ["items", "total", "hasMore"],
} as const;
