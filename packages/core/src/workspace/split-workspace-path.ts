import { isAbsolute } from "node:path";
import { CodeModeError, previewText } from "../errors/index.js";

/** The longest path a script may give, in characters: longer than any real file system accepts. */
export const MAX_WORKSPACE_PATH_LENGTH = 4096;

/**
 * Checks a script's path and returns its segments: only a relative path inside the workspace, with no `..`, no
 * absolute or drive-letter form, no NUL byte, at most MAX_WORKSPACE_PATH_LENGTH characters. `.` and empty segments
 * are dropped, so `""` and `"."` are the root.
 */
export function splitWorkspacePath(path: unknown): string[] {
  if (typeof path !== "string") throw new CodeModeError("INVALID_ARGUMENTS", "path must be a string.");
  if (path.length > MAX_WORKSPACE_PATH_LENGTH) {
    throw new CodeModeError("INVALID_ARGUMENTS", `path must be at most ${MAX_WORKSPACE_PATH_LENGTH} characters, got "${previewText(path)}".`);
  }
  if (path.includes("\0")) throw new CodeModeError("INVALID_ARGUMENTS", "path must not contain a NUL byte.");
  if (isAbsolute(path) || path.startsWith("/") || path.startsWith("\\") || /^[A-Za-z]:/.test(path)) {
    throw new CodeModeError("INVALID_ARGUMENTS", `path must be relative to the workspace, got "${path}".`);
  }
  const segments = path.split(/[/\\]/).filter((segment) => segment !== "" && segment !== ".");
  if (segments.includes("..")) throw new CodeModeError("INVALID_ARGUMENTS", `path must not contain "..", got "${path}".`);
  return segments;
}
