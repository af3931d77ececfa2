import type { CatalogDetail } from "./tool-catalog.js";
import { CodeModeError, previewText } from "../errors/index.js";

/** The largest `limit` any operation accepts before clamping; anything above is a mistake, not a wish. */
export const MAX_ACCEPTED_LIMIT = 1000;

/** The longest search query accepted: a few words find tools, a pasted document does not. */
export const MAX_QUERY_LENGTH = 1000;

/** Arguments of `search`, checked. */
export interface SearchArguments {
  query: string;
  namespace: string | undefined;
  limit: number | undefined;
  offset: number;
  detail: CatalogDetail;
}

/** Arguments of `list`, `count` and `toolkits`, checked. */
export interface PageArguments {
  namespace: string | undefined;
  limit: number | undefined;
  offset: number;
}

type Raw = Record<string, unknown>;

/** Checks the arguments of `search`; throws a CodeModeError `INVALID_ARGUMENTS` naming what is wrong. */
export function parseSearchArguments(args: unknown): SearchArguments {
  const raw = readObject("search", args, ["query", "namespace", "limit", "offset", "detail"], true);
  if (typeof raw.query !== "string") fail("search", "`query` must be a string");
  if (raw.query.length > MAX_QUERY_LENGTH) fail("search", `\`query\` must be at most ${MAX_QUERY_LENGTH} characters`);
  const detail = raw.detail ?? "brief";
  if (detail !== "brief" && detail !== "full") fail("search", '`detail` must be "brief" or "full"');
  return { query: raw.query, ...readPaging("search", raw), detail };
}

/** Checks the arguments of `list` (and `toolkits`, which takes the same). */
export function parsePageArguments(operation: string, args: unknown): PageArguments {
  return readPaging(operation, readObject(operation, args, ["namespace", "limit", "offset"], false));
}

/** Checks the arguments of `count`. */
export function parseCountArguments(args: unknown): { namespace: string | undefined } {
  const raw = readObject("count", args, ["namespace"], false);
  return { namespace: readNamespace("count", raw) };
}

/**
 * Checks the arguments of `describe` and returns the tool name. Models write `{ name }` about as often as `{ tool }`,
 * and `tools.ns.tool` as often as `ns.tool`, so all of those are accepted.
 */
export function parseDescribeArguments(args: unknown): string {
  const raw = readObject("describe", args, ["tool", "name"], true);
  const tool = raw.tool ?? raw.name;
  if (typeof tool !== "string" || tool === "" || (raw.tool !== undefined && raw.name !== undefined)) {
    fail("describe", '`tool` must be one tool name such as "billing.list_invoices"');
  }
  return tool.startsWith("tools.") ? tool.slice("tools.".length) : tool;
}

function readObject(operation: string, args: unknown, keys: readonly string[], required: boolean): Raw {
  if (args === undefined && !required) return {};
  if (typeof args !== "object" || args === null || Array.isArray(args)) {
    fail(operation, `takes one object argument such as { ${keys[0]}: ... }`);
  }
  for (const key of Object.keys(args)) {
    if (!keys.includes(key)) fail(operation, `unknown argument "${previewText(key)}"; it takes ${keys.join(", ")}`);
  }
  return args as Raw;
}

function readPaging(operation: string, raw: Raw): PageArguments {
  const { limit, offset = 0 } = raw;
  if (limit !== undefined && !isIntegerIn(limit, 1, MAX_ACCEPTED_LIMIT)) {
    fail(operation, `\`limit\` must be an integer from 1 to ${MAX_ACCEPTED_LIMIT}, got ${show(limit)}`);
  }
  if (!isIntegerIn(offset, 0, Number.MAX_SAFE_INTEGER)) {
    fail(operation, `\`offset\` must be an integer of 0 or more, got ${show(offset)}`);
  }
  return { namespace: readNamespace(operation, raw), limit: limit as number | undefined, offset: offset as number };
}

function readNamespace(operation: string, raw: Raw): string | undefined {
  if (raw.namespace !== undefined && typeof raw.namespace !== "string") fail(operation, "`namespace` must be a string");
  return raw.namespace as string | undefined;
}

function isIntegerIn(value: unknown, min: number, max: number): boolean {
  return typeof value === "number" && Number.isInteger(value) && value >= min && value <= max;
}

function show(value: unknown): string {
  return typeof value === "string" ? JSON.stringify(previewText(value)) : previewText(String(value));
}

function fail(operation: string, problem: string): never {
  throw new CodeModeError("INVALID_ARGUMENTS", `catalog.${operation}: ${problem}.`);
}
