import { CALL_ERROR_CODES } from "../../errors/index.js";

/** The script's `ErrorCode` union, from the one code table, four codes a line. */
const ERROR_CODE_DECLARATION = `type ErrorCode =\n${[0, 4]
  .map((start) => `  | ${CALL_ERROR_CODES.slice(start, start + 4).map((code) => JSON.stringify(code)).join(" | ")}`)
  .join("\n")};`;

/** The blocks of a tool's result beyond its data, for a call made with `{ content: true }`; base64 arrives as bytes. */
const CONTENT_TYPE = `type Content =
  | { type: "image" | "audio"; mimeType: string; data: Uint8Array }
  | { type: "resource_link"; uri: string; name: string; mimeType?: string; description?: string }
  | { type: "resource"; resource: { uri: string; mimeType?: string; text?: string; blob?: Uint8Array } };`;

/**
 * The `Envelope<T>` type; `open` writes it as the script checker reads it, each side naming the other's fields as
 * absent, so that `r.data.field` read without checking `ok` is still held to the tool's output type.
 */
function envelopeDeclaration(open: boolean): string {
  return `/** What every tool call resolves to; it never throws: check \`ok\` before reading \`data\`. */
type Envelope<T> =
  | { ok: true; data: T; meta: { omitted: number; content?: Content[] }${open ? "; error?: undefined" : ""} }
  | { ok: false; error: { code: ErrorCode; message: string; retryable: boolean }${open ? "; data?: undefined; meta?: undefined" : ""} };
/** A result's image, audio or resource block, in \`meta.content\` of a call made as \`tools.x.y(args, { content: true })\`; bytes passed in a tool's arguments arrive there as base64. */
${CONTENT_TYPE}
${ERROR_CODE_DECLARATION}`;
}

/** The `Envelope<T>` type every tool call resolves to, declared once at the top of the declarations. */
export const ENVELOPE_DECLARATION = envelopeDeclaration(false);

/** {@link ENVELOPE_DECLARATION} as the script checker reads it. */
export const CHECK_ENVELOPE_DECLARATION = envelopeDeclaration(true);

/** The `ToolCallError` class a failed tool call throws in the value call style, declared instead of `Envelope<T>`. */
export const VALUE_DECLARATION = `/** Thrown by a failed tool call; uncaught, it stops the script and the error lists every call made. */
declare class ToolCallError extends Error {
  readonly name: "ToolCallError";
  readonly code: ErrorCode;
  /** Whether the same call may succeed if tried again. */
  readonly retryable: boolean;
  /** The tool that failed, for example "billing.charge". */
  readonly tool: string;
}
/** A result's image, audio or resource block: \`tools.x.y(args, { content: true })\` resolves to \`{ data, content: Content[] }\`; bytes passed in a tool's arguments arrive there as base64. */
${CONTENT_TYPE}
${ERROR_CODE_DECLARATION}`;

/** The `catalog` global and its types, for scripts that may search the tools. */
export const CATALOG_DECLARATION = `type CatalogEnvelope<T> =
  | { ok: true; data: T }
  | { ok: false; error: { code: ErrorCode; message: string; retryable: boolean } };
interface Page<T> { items: T[]; total: number; limit: number; offset: number; hasMore: boolean; nextOffset?: number }
/** One tool as the catalog shows it; \`detail: "full"\` adds the schemas. */
interface CatalogItem {
  name: string;
  path: string;
  description: string;
  signature: string;
  inputSchema?: object;
  outputSchema?: object;
}
interface ToolDescription {
  name: string;
  path: string;
  description: string;
  signature: string;
  inputSchema: object | null;
  outputSchema: object | null;
  annotations: { title?: string; readOnlyHint?: boolean; destructiveHint?: boolean; idempotentHint?: boolean; openWorldHint?: boolean };
  affordances: string[];
  toolkit: string | null;
  stateTransition: { requires: string[]; produces: string[] };
}
type PageArgs = { namespace?: string; limit?: number; offset?: number };
/** Finds the tools this caller may use; it never shows others. */
declare const catalog: {
  /** Best matches first, ranked over names, descriptions and parameters. */
  search(args: { query: string; detail?: "brief" | "full" } & PageArgs): Promise<CatalogEnvelope<Page<CatalogItem>>>;
  list(args?: PageArgs): Promise<CatalogEnvelope<Page<CatalogItem>>>;
  count(args?: { namespace?: string }): Promise<CatalogEnvelope<{ total: number; namespaces: Record<string, number> }>>;
  describe(args: { tool: string }): Promise<CatalogEnvelope<ToolDescription>>;
  toolkits(args?: PageArgs): Promise<CatalogEnvelope<Page<{ name: string; tools: string[] }>>>;
};`;
