import { defineTool, type ToolDefinition } from "../../index.js";

/** The namespace of the one tool adversarial scripts call. */
export const ADVERSARY_NAMESPACE = "adversary";

/**
 * The tools adversarial cases call: `adversary.echo({ text })` answers `"echo: <text>"`, exactly like the `echo` of
 * the MCP package's fault server, so the same cases run against the engine and through the gateway.
 */
export function createAdversaryTools(): ToolDefinition[] {
  return [
    defineTool({
      name: `${ADVERSARY_NAMESPACE}.echo`,
      description: "Echo the text back.",
      inputSchema: { type: "object", properties: { text: { type: "string" } } },
      execute: async (args: { text?: unknown }) => `echo: ${String(args.text)}`,
    }),
  ];
}
