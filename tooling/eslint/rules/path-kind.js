import { statSync } from "node:fs";

/** Whether a path names a file ("file") or a folder ("directory"); false for anything else or nothing there. */
export function isPathOf(kind, target) {
  try {
    const stats = statSync(target);
    return kind === "file" ? stats.isFile() : stats.isDirectory();
  } catch {
    return false;
  }
}
