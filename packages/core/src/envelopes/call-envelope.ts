import type { ErrorData } from "../errors/index.js";

/** The error half of a call envelope: plain data, safe to show to a script or a model (see `toErrorData`). */
export type CallError = ErrorData;

/** What a successful tool call carries besides its data. */
export interface CallMeta {
  /** Content the tool produced that the data leaves out (for example MCP image blocks). */
  omitted: number;
  /**
   * Those blocks themselves, when the script asked for them with `{ content: true }` (an MCP content block, its
   * base64 fields as Uint8Array).
   */
  content?: ContentBlock[];
}

/**
 * One block of a tool's result beyond its data, as MCP defines them (`image`, `audio`, `resource_link`, `resource`),
 * with base64 (`data`, `blob`) as bytes; a block of another type comes as the tool sent it.
 */
export type ContentBlock =
  | { type: "image" | "audio"; mimeType: string; data: Uint8Array; annotations?: Record<string, unknown> }
  | { type: "resource_link"; uri: string; name: string; title?: string; description?: string; mimeType?: string; size?: number }
  | { type: "resource"; resource: { uri: string; mimeType?: string; text?: string; blob?: Uint8Array } }
  | { type: string; [key: string]: unknown };

/** A tool call's outcome as the script sees it; it never throws. */
export type CallEnvelope<T = unknown> =
  | { ok: true; data: T; meta: CallMeta }
  | { ok: false; error: CallError };

/** A catalog call's outcome as the script sees it; it never throws. */
export type CatalogEnvelope<T = unknown> = { ok: true; data: T } | { ok: false; error: CallError };
