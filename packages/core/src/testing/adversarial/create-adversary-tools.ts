import { defineTool, type ToolDefinition } from "../../index.js";

/** The namespace of the one tool adversarial scripts call. */
export const ADVERSARY_NAMESPACE = "adversary";

/** The pattern of `adversary.match`: a backtracking engine takes exponential time on a near miss such as `aaaa!`. */
export const CATASTROPHIC_PATTERN = "^(a+)+$";

/**
 * The tools adversarial cases call, exactly like the tools of the same names on the MCP package's fault server, so
 * the same cases run against the engine and through the gateway: `adversary.echo({ text })` answers `"echo: <text>"`;
 * `adversary.fail({ bytes })` fails with a message of `bytes` characters; `adversary.match({ text })` answers
 * `"matched"` for a text its schema's CATASTROPHIC_PATTERN admits.
 */
export function createAdversaryTools(): ToolDefinition[] {
  return [
    defineTool({
      name: `${ADVERSARY_NAMESPACE}.echo`,
      description: "Echo the text back.",
      inputSchema: { type: "object", properties: { text: { type: "string" } } },
      execute: async (args: { text?: unknown }) => `echo: ${String(args.text)}`,
    }),
    defineTool({
      name: `${ADVERSARY_NAMESPACE}.fail`,
      description: "Fail with a message of `bytes` characters.",
      inputSchema: { type: "object", properties: { bytes: { type: "number" } } },
      execute: async (args: { bytes?: number }) => {
        throw new Error("e".repeat(args.bytes ?? 10));
      },
    }),
    defineTool({
      name: `${ADVERSARY_NAMESPACE}.match`,
      description: "Answer whether the text is made of a letters, as the schema's pattern checks.",
      inputSchema: { type: "object", properties: { text: { type: "string", pattern: CATASTROPHIC_PATTERN } } },
      execute: async () => "matched",
    }),
  ];
}
