import type { ToolDefinition } from "@codemode/core";
import type { ApprovalsConfig } from "./approvals-config.js";

/**
 * Marks the tools the config's `approvals` covers with `requiresApproval`: those whose upstream says they are
 * destructive (when `destructive` is on) and those whose gateway name matches a pattern of `tools`.
 */
export function withApprovals(tools: readonly ToolDefinition[], config: ApprovalsConfig | undefined): ToolDefinition[] {
  if (!config) return [...tools];
  const patterns = (config.tools ?? []).map(globToRegExp);
  return tools.map((tool) => {
    const destructive = config.destructive === true && tool.annotations?.destructiveHint === true;
    const named = patterns.some((pattern) => pattern.test(tool.name));
    return destructive || named ? { ...tool, requiresApproval: true } : tool;
  });
}

// The same pattern language as the core's `allow`: `*` is any run of characters, dots included.
function globToRegExp(pattern: string): RegExp {
  const body = pattern
    .split("*")
    .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, "\\$&"))
    .join(".*");
  return new RegExp(`^${body}$`);
}
