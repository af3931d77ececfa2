import { join } from "node:path";
import { isInside } from "./is-inside.js";
import { CodeModeError } from "../errors/index.js";
import { nodeBuiltin } from "../portable/index.js";

/**
 * The real path of an existing entry's parent joined with the entry's name, refused with `access_denied` when the
 * parent's real path (symbolic links followed) leaves the workspace. The last component itself is not followed here:
 * callers open it with O_NOFOLLOW or check it with lstat.
 */
export async function resolveWorkspacePath(root: string, segments: readonly string[]): Promise<string> {
  const { realpath } = nodeBuiltin("node:fs/promises");
  if (segments.length === 0) return root;
  const parent = join(root, ...segments.slice(0, -1));
  let real: string;
  try {
    real = await realpath(parent);
  } catch (error) {
    throw notFound(error, segments);
  }
  if (!isInside(root, real)) throw new CodeModeError("ACCESS_DENIED", `"${segments.join("/")}" leads outside the workspace.`);
  return join(real, segments.at(-1)!);
}

/** A failed lookup as the script sees it: a missing entry is not_found, anything else access_denied. */
export function notFound(error: unknown, segments: readonly string[]): CodeModeError {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === "ENOENT" || code === "ENOTDIR") return new CodeModeError("NOT_FOUND", `"${segments.join("/")}" does not exist.`);
  return new CodeModeError("ACCESS_DENIED", `"${segments.join("/")}" cannot be reached (${code ?? "error"}).`);
}
