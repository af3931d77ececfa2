import type { ErrorData } from "../errors/index.js";

/** The error half of a call envelope: plain data, safe to show to a script or a model (see `toErrorData`). */
export type CallError = ErrorData;

/** What a successful tool call carries besides its data. */
export interface CallMeta {
  /** Content the tool produced that the envelope dropped (for example MCP image blocks). */
  omitted: number;
}

/** A tool call's outcome as the script sees it; it never throws. */
export type CallEnvelope<T = unknown> =
  | { ok: true; data: T; meta: CallMeta }
  | { ok: false; error: CallError };

/** A catalog call's outcome as the script sees it; it never throws. */
export type CatalogEnvelope<T = unknown> = { ok: true; data: T } | { ok: false; error: CallError };
