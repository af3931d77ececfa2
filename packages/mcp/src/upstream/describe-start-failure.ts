import { existsSync } from "node:fs";
import path from "node:path";
import type { UpstreamConfig } from "../config/index.js";

/**
 * Why an upstream could not be started, in words that name the fix: a stdio command that is not on PATH, or a
 * working folder that does not exist, rather than the `spawn ENOENT` both give.
 */
export function describeStartFailure(id: string, config: UpstreamConfig, baseDir: string, error: unknown): string {
  const { code, syscall } = (error ?? {}) as NodeJS.ErrnoException;
  if (config.command !== undefined && code === "ENOENT" && syscall?.startsWith("spawn")) {
    const cwd = path.resolve(baseDir, config.cwd ?? ".");
    if (!existsSync(cwd)) return `its working folder ${cwd} does not exist; fix mcpServers.${id}.cwd`;
    const where = path.isAbsolute(config.command) || config.command.includes("/") ? "does not exist" : "was not found on PATH";
    return `the command "${config.command}" ${where}; install it, or write its full path in mcpServers.${id}.command`;
  }
  if (config.command !== undefined && code === "EACCES" && syscall?.startsWith("spawn")) {
    return `the command "${config.command}" is not executable; fix its permissions or mcpServers.${id}.command`;
  }
  return error instanceof Error ? error.message : String(error);
}
