import type { AllowFilter, RegisteredTool } from "../tools/index.js";

/** How much of a tool an answer shows. */
export type CatalogDetail = "brief" | "full";

/** One tool as search and list show it. */
export interface CatalogItem {
  /** `billing.list_invoices` */
  name: string;
  /** `tools.billing.list_invoices`: how the script reaches it. */
  path: string;
  description: string;
  /** The TypeScript signature, for example `list_invoices(args: { cursor?: string }): Promise<Envelope<...>>`. */
  signature: string;
  /** With `detail: "full"` only. */
  inputSchema?: Record<string, unknown>;
  outputSchema?: Record<string, unknown>;
}

/** One page of items. `nextOffset` is present only when `hasMore` is true. */
export interface CatalogPage<T> {
  items: T[];
  total: number;
  limit: number;
  offset: number;
  hasMore: boolean;
  nextOffset?: number;
}

/** Everything `describe` tells of one tool. */
export interface ToolDescription {
  name: string;
  path: string;
  description: string;
  signature: string;
  inputSchema: Record<string, unknown> | null;
  outputSchema: Record<string, unknown> | null;
  annotations: Record<string, unknown>;
  affordances: string[];
  toolkit: string | null;
  stateTransition: { requires: string[]; produces: string[] };
}

/**
 * The catalog's operations. Each takes the caller's raw arguments (checked here: bad ones throw a CodeModeError with
 * code `INVALID_ARGUMENTS`) and the caller's allow filter (tools it may not use are never counted, listed, searched or
 * described; describing one throws `NOT_FOUND`, exactly as for a tool that does not exist).
 */
export interface ToolCatalog {
  search(args: unknown, allowed: AllowFilter): Promise<CatalogPage<CatalogItem>>;
  list(args: unknown, allowed: AllowFilter): CatalogPage<CatalogItem>;
  count(args: unknown, allowed: AllowFilter): { total: number; namespaces: Record<string, number> };
  describe(args: unknown, allowed: AllowFilter): ToolDescription;
  toolkits(args: unknown, allowed: AllowFilter): CatalogPage<{ name: string; tools: string[] }>;
  /**
   * The `declare const tools: {...}` text for the tools the caller may use (`search: false` leaves out `catalog`).
   * With `checked`, the text the script checker reads instead: only the tools `checked` keeps, one line each, without
   * comments, their types open where the schemas are (the "check" signature style).
   */
  declarations(allowed: AllowFilter, options?: { search?: boolean; checked?: (tool: RegisteredTool) => boolean }): string;
  /**
   * The execute tool's description for the tools the caller may use. `search: false` (execute-only mode) never
   * mentions `catalog` and keeps every signature inline.
   */
  prompt(allowed: AllowFilter, options?: { tokenBudget?: number; search?: boolean; output?: "result" | "printed"; files?: boolean; resources?: boolean }): string;
}

/** Turns texts into vectors for semantic search; fused with BM25 by reciprocal rank fusion. */
export type EmbedFunction = (texts: string[]) => Promise<number[][]>;

/** How a code mode's catalog searches and writes the prompt. */
export interface CatalogOptions {
  /** The most results one search returns; `limit` is clamped to it. Default 5. */
  maxSearchResults?: number;
  /** Adds semantic ranking beside BM25. */
  embed?: EmbedFunction;
  /** Counts tokens for the prompt's budget; by default an estimate of about four characters a token. */
  countTokens?: (text: string) => number;
}
