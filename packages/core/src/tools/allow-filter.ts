import { CodeModeError } from "../errors/index.js";
import { matchGlob, parseGlob } from "./match-glob.js";
import { createResourceAllowFilter } from "./resource-allow-filter.js";

/** Decides whether a caller may use a tool, by name. */
export type AllowFilter = (toolName: string) => boolean;

const allowAll: AllowFilter = () => true;

/**
 * Builds the filter for a caller's allowlist of tool-name patterns, where `*` matches any run of characters
 * (dots included): `billing.*`, `*.read_*`, `crm.find_customer`. No allowlist allows every tool; an empty one, none.
 */
export function createAllowFilter(allow: readonly string[] | undefined): AllowFilter {
  if (allow === undefined) return allowAll;
  if (!Array.isArray(allow) || allow.some((pattern) => typeof pattern !== "string")) {
    throw new CodeModeError("INVALID_OPTIONS", "`allow` must be an array of tool-name patterns.");
  }
  // Resources are matched apart (createResourceAllowFilter); a malformed resource pattern is the caller's mistake here too.
  createResourceAllowFilter(allow);
  if (allow.includes("*")) return allowAll;
  const exact = new Set(allow.filter((pattern) => !pattern.includes("*")));
  // Matched without regular expressions: a name the script chose must never cost more than a pass over it.
  const globs = allow.filter((pattern) => pattern.includes("*")).map(parseGlob);
  return (toolName) => exact.has(toolName) || globs.some((glob) => matchGlob(glob, toolName));
}
