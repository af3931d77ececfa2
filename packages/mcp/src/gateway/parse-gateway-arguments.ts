import { CodeModeError } from "@codemode/core";

/** The search tool's arguments, checked. */
export interface SearchToolArguments {
  query: string | undefined;
  serverFilter: string | undefined;
  detail: "brief" | "full";
  limit: number | undefined;
}

/**
 * Checks the execute tool's arguments (`sessionId` only when sessions are on) and returns them; anything else throws
 * an INVALID_ARGUMENTS CodeModeError, which the caller answers as a tool error the model can correct.
 */
export function parseExecuteArguments(tool: string, args: unknown, sessions = false): { code: string; sessionId?: string } {
  const raw = readObject(tool, args, sessions ? ["code", "sessionId"] : ["code"]);
  if (typeof raw.code !== "string") invalid(tool, "`code` must be a string");
  if (raw.sessionId === undefined) return { code: raw.code };
  if (typeof raw.sessionId !== "string" || raw.sessionId === "") invalid(tool, '`sessionId` must be "new" or a session id');
  return { code: raw.code, sessionId: raw.sessionId };
}

/** Checks the search tool's arguments. */
export function parseSearchArguments(tool: string, args: unknown): SearchToolArguments {
  const raw = readObject(tool, args ?? {}, ["query", "server_filter", "detail_level", "limit"]);
  const { query, server_filter: serverFilter, detail_level: detail = "brief", limit } = raw;
  if (query !== undefined && typeof query !== "string") invalid(tool, "`query` must be a string");
  if (serverFilter !== undefined && typeof serverFilter !== "string") invalid(tool, "`server_filter` must be a string");
  if (detail !== "brief" && detail !== "full") invalid(tool, '`detail_level` must be "brief" or "full"');
  if (limit !== undefined && !(Number.isInteger(limit) && (limit as number) >= 1 && (limit as number) <= 100)) {
    invalid(tool, "`limit` must be an integer from 1 to 100");
  }
  return {
    query: query as string | undefined,
    serverFilter: serverFilter as string | undefined,
    detail,
    limit: limit as number | undefined,
  };
}

function readObject(tool: string, args: unknown, keys: readonly string[]): Record<string, unknown> {
  if (typeof args !== "object" || args === null || Array.isArray(args)) invalid(tool, "arguments must be an object");
  const unknown = Object.keys(args).filter((key) => !keys.includes(key));
  if (unknown.length > 0) invalid(tool, `unknown argument ${unknown.map((key) => `"${key}"`).join(", ")}; it takes ${keys.join(", ")}`);
  return args as Record<string, unknown>;
}

function invalid(tool: string, message: string): never {
  throw new CodeModeError("INVALID_ARGUMENTS", `Invalid arguments for tool ${tool}: ${message}.`);
}
