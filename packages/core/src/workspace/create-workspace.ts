import { join } from "node:path";
import { CodeModeError, isCodeModeError } from "../errors/index.js";
import { nodeBuiltin } from "../portable/index.js";
import { isInside } from "./is-inside.js";
import { oneAtATime } from "./one-at-a-time.js";
import { notFound, resolveWorkspacePath } from "./resolve-workspace-path.js";
import { splitWorkspacePath } from "./split-workspace-path.js";

/** Options of a workspace: the folder scripts may use through `files`, and its caps. */
export interface WorkspaceOptions {
  /** The folder; it must exist. */
  dir: string;
  /**
   * Whether every owner's scripts use `dir` itself, and so read, change and remove each other's files. Default false:
   * each owner (`ExecuteOptions.owner`, `""` when none is given) gets a folder of its own inside `dir`, made on its
   * first use, and its scripts see only that folder.
   */
  shared?: boolean;
  /** The largest file a script may write or read. Default 8 MiB. */
  maxFileBytes?: number;
  /** The most bytes all files in the folder (in one owner's folder, unless shared) may hold after a write. Default 64 MiB. */
  maxTotalBytes?: number;
}

/** One entry of `files.list`. */
export interface WorkspaceEntry {
  name: string;
  type: "file" | "directory" | "symlink" | "other";
  size: number;
}

/** The host side of the script's `files` global; every operation throws a {@link CodeModeError} when refused. */
export interface Workspace {
  read(args: { path: unknown; encoding?: unknown }): Promise<string | Uint8Array>;
  write(args: { path: unknown; data: unknown }): Promise<{ path: string; size: number }>;
  list(args: { path?: unknown }): Promise<WorkspaceEntry[]>;
  remove(args: { path: unknown }): Promise<{ path: string }>;
}

const MiB = 1024 * 1024;

/**
 * Creates the host side of a workspace over `options.dir` (resolved once, so later links to it change nothing), or
 * over the folder `folder` resolves to. Errors name paths as the script gave them, never the host's.
 */
export function createWorkspace(options: WorkspaceOptions, folder?: () => Promise<string>): Workspace {
  const { constants } = nodeBuiltin("node:fs");
  const { lstat, open, readdir, realpath, rm } = nodeBuiltin("node:fs/promises");
  // O_NOFOLLOW makes opening a symbolic link fail (ELOOP), so the last component cannot point out of the folder.
  const NOFOLLOW = constants.O_NOFOLLOW ?? 0;
  const maxFileBytes = readCap("maxFileBytes", options.maxFileBytes, 8 * MiB);
  const maxTotalBytes = readCap("maxTotalBytes", options.maxTotalBytes, 64 * MiB);
  if (typeof options.dir !== "string" || options.dir === "") {
    throw new CodeModeError("INVALID_OPTIONS", "workspace.dir must be a folder's path.");
  }
  let rootPromise: Promise<string> | undefined;
  const root = () =>
    (rootPromise ??= (folder ?? (() => realpath(options.dir)))().catch((error: unknown) => {
      throw isCodeModeError(error) ? error : new CodeModeError("UNAVAILABLE", "The workspace folder is not available.");
    }));

  const read = async (segments: string[], encoding: unknown) => {
    const target = await resolveWorkspacePath(await root(), segments);
    const handle = await open(target, constants.O_RDONLY | NOFOLLOW).catch((error: unknown) => {
      throw openError(error, segments);
    });
    try {
      const stats = await handle.stat();
      if (!stats.isFile()) throw new CodeModeError("INVALID_ARGUMENTS", `"${segments.join("/")}" is not a file.`);
      if (stats.size > maxFileBytes) {
        throw new CodeModeError("LIMIT_EXCEEDED", `"${segments.join("/")}" is larger than ${maxFileBytes} bytes.`);
      }
      const bytes = await handle.readFile();
      return encoding === "bytes" ? new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength) : bytes.toString("utf8");
    } finally {
      await handle.close();
    }
  };

  // The total is checked and the file written in one turn per folder, so concurrent writes cannot all pass the check.
  const write = async (real: string, segments: string[], bytes: Uint8Array) => {
    await makeParents(real, segments.slice(0, -1));
    const target = await resolveWorkspacePath(real, segments);
    const previous = await lstat(target).then((stats) => (stats.isFile() ? stats.size : 0), () => 0);
    const total = (await sizeOf(real)) - previous + bytes.byteLength;
    if (total > maxTotalBytes) {
      throw new CodeModeError("LIMIT_EXCEEDED", `Writing would take the workspace past its ${maxTotalBytes}-byte total cap.`);
    }
    const flags = constants.O_WRONLY | constants.O_CREAT | constants.O_TRUNC | NOFOLLOW;
    const handle = await open(target, flags, 0o644).catch((error: unknown) => {
      throw openError(error, segments);
    });
    try {
      await handle.writeFile(bytes);
    } finally {
      await handle.close();
    }
  };

  const list = async (segments: string[]) => {
    const real = await root();
    const target = await resolveWorkspacePath(real, segments);
    // The folder listed may itself be a link: its own real path must stay inside too.
    const resolved = await realpath(target).catch((error: unknown) => {
      throw notFound(error, segments);
    });
    if (!isInside(real, resolved)) throw new CodeModeError("ACCESS_DENIED", `"${segments.join("/")}" leads outside the workspace.`);
    const entries = await readdir(resolved, { withFileTypes: true }).catch((error: unknown) => {
      throw (error as NodeJS.ErrnoException).code === "ENOTDIR"
        ? new CodeModeError("INVALID_ARGUMENTS", `"${segments.join("/")}" is not a folder.`)
        : notFound(error, segments);
    });
    const listed = await Promise.all(
      entries.map(async (entry): Promise<WorkspaceEntry> => {
        const type = entry.isFile() ? "file" : entry.isDirectory() ? "directory" : entry.isSymbolicLink() ? "symlink" : "other";
        const size = type === "file" ? (await lstat(join(resolved, entry.name)).catch(() => ({ size: 0 }))).size : 0;
        return { name: entry.name, type, size };
      }),
    );
    return listed.sort((left, right) => (left.name < right.name ? -1 : left.name > right.name ? 1 : 0));
  };

  return {
    async read({ path, encoding }) {
      if (encoding !== undefined && encoding !== "utf8" && encoding !== "bytes") {
        throw new CodeModeError("INVALID_ARGUMENTS", 'encoding must be "utf8" or "bytes".');
      }
      const segments = fileSegments(path);
      return asScriptSees("read", segments, () => read(segments, encoding));
    },
    async write({ path, data }) {
      const segments = fileSegments(path);
      if (typeof data !== "string" && !(data instanceof Uint8Array)) {
        throw new CodeModeError("INVALID_ARGUMENTS", "data must be a string or a Uint8Array.");
      }
      const bytes = typeof data === "string" ? new TextEncoder().encode(data) : data;
      if (bytes.byteLength > maxFileBytes) {
        throw new CodeModeError("LIMIT_EXCEEDED", `The data is larger than the workspace's ${maxFileBytes}-byte file cap.`);
      }
      await asScriptSees("write", segments, async () => {
        const real = await root();
        await oneAtATime(real, () => write(real, segments, bytes));
      });
      return { path: segments.join("/"), size: bytes.byteLength };
    },
    async list({ path }) {
      const segments = path === undefined ? [] : splitWorkspacePath(path);
      return asScriptSees("list", segments, () => list(segments));
    },
    async remove({ path }) {
      const segments = fileSegments(path);
      return asScriptSees("remove", segments, async () => {
        const target = await resolveWorkspacePath(await root(), segments);
        await lstat(target).catch((error: unknown) => {
          throw notFound(error, segments);
        });
        // rm removes a link itself, never what it points at.
        await rm(target, { recursive: true });
        return { path: segments.join("/") };
      });
    },
  };
}

/**
 * Runs one operation and turns a file system error it did not expect (one that names the host's path) into an error
 * that names the path as the script gave it.
 */
async function asScriptSees<T>(action: string, segments: readonly string[], operation: () => Promise<T>): Promise<T> {
  try {
    return await operation();
  } catch (error) {
    if (isCodeModeError(error)) throw error;
    const code = (error as NodeJS.ErrnoException | null)?.code;
    const path = segments.length === 0 ? "the workspace" : `"${segments.join("/")}"`;
    if (code === "ENOENT" || code === "ENOTDIR") throw notFound(error, segments);
    if (code === "EACCES" || code === "EPERM") throw new CodeModeError("ACCESS_DENIED", `Could not ${action} ${path} (${code}).`);
    throw new CodeModeError("TOOL_ERROR", `Could not ${action} ${path} (${typeof code === "string" ? code : "error"}).`);
  }
}

function fileSegments(path: unknown): string[] {
  const segments = splitWorkspacePath(path);
  if (segments.length === 0) throw new CodeModeError("INVALID_ARGUMENTS", "path must name an entry inside the workspace.");
  return segments;
}

function openError(error: unknown, segments: readonly string[]): CodeModeError {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === "ELOOP") return new CodeModeError("ACCESS_DENIED", `"${segments.join("/")}" is a symbolic link; links are not followed.`);
  if (code === "EISDIR") return new CodeModeError("INVALID_ARGUMENTS", `"${segments.join("/")}" is a folder.`);
  return notFound(error, segments);
}

/** Creates missing parent folders one at a time, checking each real path, so no link leads the creation outside. */
async function makeParents(root: string, segments: readonly string[]): Promise<void> {
  const { lstat, mkdir, realpath } = nodeBuiltin("node:fs/promises");
  for (let index = 1; index <= segments.length; index++) {
    const target = await resolveWorkspacePath(root, segments.slice(0, index));
    let stats = await lstat(target).catch(() => null);
    if (!stats) {
      // Another write may make the same folder at the same moment; the folder is then there, which is all we need.
      await mkdir(target).catch((error: unknown) => {
        if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      });
      stats = await lstat(target);
    }
    if (stats.isSymbolicLink()) {
      const real = await realpath(target).catch(() => "");
      if (!isInside(root, real)) throw new CodeModeError("ACCESS_DENIED", `"${segments.slice(0, index).join("/")}" leads outside the workspace.`);
    } else if (!stats.isDirectory()) {
      throw new CodeModeError("INVALID_ARGUMENTS", `"${segments.slice(0, index).join("/")}" is not a folder.`);
    }
  }
}

/** The bytes the files under a folder hold; links are not followed. */
async function sizeOf(folder: string): Promise<number> {
  const { lstat, readdir } = nodeBuiltin("node:fs/promises");
  let total = 0;
  for (const entry of await readdir(folder, { withFileTypes: true })) {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) total += await sizeOf(path);
    else if (entry.isFile()) total += (await lstat(path)).size;
  }
  return total;
}

function readCap(name: string, value: number | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  if (!Number.isSafeInteger(value) || value < 1) {
    throw new CodeModeError("INVALID_OPTIONS", `workspace.${name} must be a positive integer, got ${String(value)}.`);
  }
  return value;
}
