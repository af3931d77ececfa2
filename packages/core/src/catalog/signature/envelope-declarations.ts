/** The `Envelope<T>` type every tool call resolves to, declared once at the top of the declarations. */
export const ENVELOPE_DECLARATION = `/** What every tool call resolves to; it never throws: check \`ok\` before reading \`data\`. */
type Envelope<T> =
  | { ok: true; data: T; meta: { omitted: number } }
  | { ok: false; error: { code: ErrorCode; message: string; retryable: boolean } };
type ErrorCode = "not_found" | "invalid_arguments" | "tool_error" | "timeout" | "cancelled" | "limit_exceeded" | "access_denied" | "unavailable";`;

/** The `catalog` global and its types, for scripts that may search the tools. */
export const CATALOG_DECLARATION = `/** One tool as the catalog shows it; \`detail: "full"\` adds the schemas. */
interface CatalogItem { name: string; path: string; description: string; signature: string; inputSchema?: object; outputSchema?: object }
interface Page<T> { items: T[]; total: number; limit: number; offset: number; hasMore: boolean; nextOffset?: number }
type CatalogEnvelope<T> = { ok: true; data: T } | { ok: false; error: { code: ErrorCode; message: string; retryable: boolean } };
/** Finds tools the script may call; only tools this caller may use are shown. */
declare const catalog: {
  /** Best matches first (BM25 over names, descriptions and parameters). */
  search(args: { query: string; namespace?: string; limit?: number; offset?: number; detail?: "brief" | "full" }): Promise<CatalogEnvelope<Page<CatalogItem>>>;
  list(args?: { namespace?: string; limit?: number; offset?: number }): Promise<CatalogEnvelope<Page<CatalogItem>>>;
  count(args?: { namespace?: string }): Promise<CatalogEnvelope<{ total: number; namespaces: Record<string, number> }>>;
  describe(args: { tool: string }): Promise<CatalogEnvelope<CatalogItem & { inputSchema: object | null; outputSchema: object | null; annotations: object; affordances: string[]; toolkit: string | null; stateTransition: { requires: string[]; produces: string[] } }>>;
  toolkits(args?: { namespace?: string; limit?: number; offset?: number }): Promise<CatalogEnvelope<Page<{ name: string; tools: string[] }>>>;
};`;
