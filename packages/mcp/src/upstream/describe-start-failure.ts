import { existsSync } from "node:fs";
import path from "node:path";
import { SdkError, SdkErrorCode } from "@modelcontextprotocol/client";
import type { UpstreamConfig } from "../config/index.js";

/**
 * Why an upstream could not be started, in words that name the fix: a stdio command that is not on PATH, or a
 * working folder that does not exist, rather than the `spawn ENOENT` both give; a server too slow to answer, rather
 * than "Request timed out".
 */
export function describeStartFailure(id: string, config: UpstreamConfig, baseDir: string, error: unknown, connectTimeoutMs: number): string {
  if (error instanceof SdkError && error.code === SdkErrorCode.RequestTimeout) {
    return `it gave no answer within ${connectTimeoutMs} ms of starting; a server that starts slowly needs a larger mcpServers.${id}.timeoutMs`;
  }
  const { code, syscall } = spawnErrorIn(error) ?? {};
  if (config.command !== undefined && code === "ENOENT") {
    const cwd = path.resolve(baseDir, config.cwd ?? ".");
    if (!existsSync(cwd)) return `its working folder ${cwd} does not exist; fix mcpServers.${id}.cwd`;
    const where = path.isAbsolute(config.command) || config.command.includes("/") ? "does not exist" : "was not found on PATH";
    return `the command "${config.command}" ${where}; install it, or write its full path in mcpServers.${id}.command`;
  }
  if (config.command !== undefined && code === "EACCES" && syscall !== undefined) {
    return `the command "${config.command}" is not executable; fix its permissions or mcpServers.${id}.command`;
  }
  return error instanceof Error ? error.message : String(error);
}

/** The failed spawn underneath the SDK's wrapping (a connect error's `cause`), if that is what failed. */
function spawnErrorIn(error: unknown): NodeJS.ErrnoException | undefined {
  let current = error;
  for (let depth = 0; depth < 5 && current instanceof Error; depth++) {
    const { code, syscall } = current as NodeJS.ErrnoException;
    if (code !== undefined && syscall?.startsWith("spawn")) return current;
    current = current.cause;
  }
  return undefined;
}
