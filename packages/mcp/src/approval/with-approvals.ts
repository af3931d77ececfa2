import { createAllowFilter, type ToolDefinition } from "@codemode/core";
import type { ApprovalsConfig } from "./approvals-config.js";

/**
 * Marks the tools the config's `approvals` covers with `requiresApproval`: those whose upstream says they are
 * destructive (when `destructive` is on) and those whose gateway name matches a pattern of `tools`.
 */
export function withApprovals(tools: readonly ToolDefinition[], config: ApprovalsConfig | undefined): ToolDefinition[] {
  if (!config) return [...tools];
  // The same pattern language as a caller's `allow`: `*` is any run of characters, dots included.
  const named = createAllowFilter(config.tools ?? []);
  return tools.map((tool) => {
    const destructive = config.destructive === true && tool.annotations?.destructiveHint === true;
    return destructive || named(tool.name) ? { ...tool, requiresApproval: true } : tool;
  });
}
