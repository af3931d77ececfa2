import { isAbsolute, relative, sep } from "node:path";

/** Whether `target` is `root` or inside it; both are real (resolved) paths. */
export function isInside(root: string, target: string): boolean {
  const path = relative(root, target);
  return path === "" || (!path.startsWith(`..${sep}`) && path !== ".." && !isAbsolute(path));
}
