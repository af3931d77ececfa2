import type { ExecutionResult } from "../envelopes/index.js";
import type { JsonSchema } from "./tool-definition.js";

/** How an `execute` tool describes its `code` input to the model. */
export const CODE_DESCRIPTION =
  "The body of an async JavaScript or TypeScript function: call tools with `await tools.<namespace>.<tool>(args)` and `return` what matters.";

/** How an adapter's `execute` tool describes its optional `sessionId` input to the model when sessions are on. */
export const SESSION_ID_DESCRIPTION =
  'Keep state between executions: "new" starts a session whose top-level variables (const, let, var, function, class or plain assignments) the next execution with its id finds again. The result shows the id. Omit it for a fresh run.';

/** How an `execute` tool describes its optional `args` input, when it takes one. */
const ARGS_DESCRIPTION = "A JSON value the script reads as its global `args`.";

/** Options of {@link executeInputSchema}. */
export interface ExecuteInputSchemaOptions {
  /** Sessions are on: the input takes an optional `sessionId`. */
  sessions?: boolean;
  /** The JSON Schema of an optional `args` input, passed to `execute` as `args`; absent, the input has none. */
  args?: JsonSchema;
}

/** The input an `execute` tool takes, as JSON Schema: `code`, plus `sessionId` and `args` where the options say. */
export interface ExecuteToolInput {
  code: string;
  sessionId?: string;
  args?: unknown;
}

/**
 * The JSON Schema of an `execute` tool's input: the script as `code`, and with sessions on an optional `sessionId`.
 * Every adapter publishes this one schema, translated into its framework's form.
 *
 * @example
 * tool({ description: codeMode.prompt(), inputSchema: jsonSchema(executeInputSchema({ sessions: true })), ... });
 */
export function executeInputSchema(options: ExecuteInputSchemaOptions = {}): JsonSchema {
  const properties: JsonSchema = { code: { type: "string", description: CODE_DESCRIPTION } };
  if (options.sessions) properties.sessionId = { type: "string", minLength: 1, description: SESSION_ID_DESCRIPTION };
  if (options.args) properties.args = { ...options.args, description: options.args.description ?? ARGS_DESCRIPTION };
  return { type: "object", properties, required: ["code"], additionalProperties: false };
}

const JSON_VALUE = { description: "Any JSON value." };
const COUNT = { type: "integer", minimum: 0 };
const LINE = { type: ["integer", "null"], minimum: 1 };

const PROPERTIES = {
  status: {
    description: 'paused: calls wait for a person\'s decision; the run goes on when the host resumes it.',
    type: "string",
    enum: ["completed", "failed", "paused"],
  },
  result: {
    description:
      'The script\'s returned value as JSON (with output "printed", the printed text); null when it returned nothing or failed.',
  },
  error: {
    description: "Why the execution failed; null when it completed. line and column point into the script (1-based).",
    anyOf: [
      { type: "null" },
      {
        type: "object",
        properties: { kind: { type: "string" }, message: { type: "string" }, line: LINE, column: LINE },
        required: ["kind", "message", "line", "column"],
        additionalProperties: false,
      },
    ],
  },
  diagnostics: {
    description:
      "The faults the check found before the run (a refused script, or with check \"warn\"), and what did not fail the run but the caller should know, such as calls still in flight on return.",
    type: "array",
    items: {
      type: "object",
      properties: {
        code: { type: "string" },
        message: { type: "string" },
        line: { type: "integer", minimum: 1 },
        column: { type: "integer", minimum: 1 },
        endLine: { type: "integer", minimum: 1 },
        endColumn: { type: "integer", minimum: 1 },
        suggestion: { type: "string" },
      },
      required: ["code", "message"],
      additionalProperties: false,
    },
  },
  logs: { description: "The script's console lines.", type: "array", items: { type: "string" } },
  toolCalls: {
    description: "Every tool call the script made, in order.",
    type: "array",
    items: {
      type: "object",
      properties: {
        tool: { type: "string" },
        ok: { type: "boolean" },
        durationMs: { type: "number", minimum: 0 },
        errorCode: { type: "string" },
        arguments: JSON_VALUE,
        summary: { type: "string" },
        approval: {
          description: "Present when the call needed approval: whether it was given and how long it waited.",
          type: "object",
          properties: { approved: { type: "boolean" }, waitedMs: { type: "number", minimum: 0 } },
          required: ["approved", "waitedMs"],
          additionalProperties: false,
        },
      },
      required: ["tool", "ok", "durationMs"],
      additionalProperties: false,
    },
  },
  durationMs: { type: "number", minimum: 0 },
  output: { description: 'Present when the code mode runs with output "printed".', const: "printed" },
  truncation: {
    description: "Present only when tool calls, logs or diagnostics were dropped to fit the output limit.",
    type: "object",
    properties: { logsOmitted: COUNT, toolCallsOmitted: COUNT, diagnosticsOmitted: COUNT },
    required: ["logsOmitted", "toolCallsOmitted"],
    additionalProperties: false,
  },
  pending: {
    description: "Present when paused: the calls waiting for a person's decision, in call order.",
    type: "array",
    items: {
      type: "object",
      properties: { callId: { type: "string" }, tool: { type: "string" }, arguments: JSON_VALUE, line: LINE },
      required: ["callId", "tool", "arguments", "line"],
      additionalProperties: false,
    },
  },
  continuation: { description: "Present when paused: the opaque text the host resumes the run with.", type: "string" },
  sessionId: { description: "The session the execution ran in, while it lives: pass it as sessionId to run in it again.", type: "string" },
} satisfies Record<keyof ExecutionResult, JsonSchema>;

/**
 * The JSON Schema of an {@link ExecutionResult}, for an `execute` tool's `outputSchema`. Its properties are checked
 * against the type at compile time and against real results in the tests, so it cannot drift from what runs return.
 */
export const EXECUTION_RESULT_SCHEMA: JsonSchema = {
  type: "object",
  properties: PROPERTIES,
  required: ["status", "result", "error", "diagnostics", "logs", "toolCalls", "durationMs"],
  additionalProperties: false,
};
