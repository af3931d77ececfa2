import { isAbsolute } from "node:path";
import { CodeModeError } from "../errors/index.js";

/**
 * Checks a script's path and returns its segments: only a relative path inside the workspace, with no `..`, no
 * absolute or drive-letter form and no NUL byte. `.` and empty segments are dropped, so `""` and `"."` are the root.
 */
export function splitWorkspacePath(path: unknown): string[] {
  if (typeof path !== "string") throw new CodeModeError("INVALID_ARGUMENTS", "path must be a string.");
  if (path.includes("\0")) throw new CodeModeError("INVALID_ARGUMENTS", "path must not contain a NUL byte.");
  if (isAbsolute(path) || path.startsWith("/") || path.startsWith("\\") || /^[A-Za-z]:/.test(path)) {
    throw new CodeModeError("INVALID_ARGUMENTS", `path must be relative to the workspace, got "${path}".`);
  }
  const segments = path.split(/[/\\]/).filter((segment) => segment !== "" && segment !== ".");
  if (segments.includes("..")) throw new CodeModeError("INVALID_ARGUMENTS", `path must not contain "..", got "${path}".`);
  return segments;
}
