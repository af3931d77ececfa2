import { join } from "node:path";
import { CodeModeError } from "../errors/index.js";
import { nodeBuiltin } from "../portable/index.js";
import { createWorkspace, type Workspace, type WorkspaceOptions } from "./create-workspace.js";

/** The workspace of one owner's runs. */
export type OwnerWorkspaces = (owner: string) => Workspace;

/**
 * The workspace each owner's scripts use: a folder of the owner's own inside `options.dir` (made on first use), or
 * `dir` itself for every owner when `options.shared` is true.
 */
export function createOwnerWorkspaces(options: WorkspaceOptions): OwnerWorkspaces {
  if (options.shared !== undefined && typeof options.shared !== "boolean") {
    throw new CodeModeError("INVALID_OPTIONS", `workspace.shared must be true or false, got ${String(options.shared)}.`);
  }
  // Checks the options now, so a bad cap throws at creation rather than at a script's first call.
  const shared = createWorkspace(options);
  if (options.shared) return () => shared;
  return (owner) => createWorkspace(options, () => ownerFolder(options.dir, owner));
}

/**
 * The name of an owner's folder: the owner's letters, digits, `_` and `-` (others become `_`, at most 40 of them,
 * `default` for the empty owner) and 16 hex digits of its SHA-256, so that any string names a folder of its own.
 */
export async function ownerFolderName(owner: string): Promise<string> {
  const readable = owner.replace(/[^A-Za-z0-9_-]/g, "_").slice(0, 40) || "default";
  // The global Web Crypto, not node:crypto: importing that module costs every cold start a few milliseconds.
  const digest = new Uint8Array(await globalThis.crypto.subtle.digest("SHA-256", new TextEncoder().encode(owner)));
  const hex = Array.from(digest.subarray(0, 8), (byte) => byte.toString(16).padStart(2, "0")).join("");
  return `${readable}-${hex}`;
}

async function ownerFolder(dir: string, owner: string): Promise<string> {
  const { lstat, mkdir, realpath } = nodeBuiltin("node:fs/promises");
  const folder = join(await realpath(dir), await ownerFolderName(owner));
  await mkdir(folder).catch((error: unknown) => {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
  });
  // A link planted under the owner's name (to another owner's folder, or out) is refused, never followed.
  if (!(await lstat(folder)).isDirectory()) throw new CodeModeError("ACCESS_DENIED", "The owner's workspace folder is not a folder.");
  return folder;
}
