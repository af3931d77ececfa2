/** Why a tool or catalog call failed; the same codes reach the script, the host and the model. */
export type CallErrorCode =
  | "not_found"
  | "invalid_arguments"
  | "tool_error"
  | "timeout"
  | "cancelled"
  | "limit_exceeded"
  | "access_denied"
  | "unavailable";

/** The error half of a call envelope: plain data, safe to show to a script or a model. */
export interface CallError {
  code: CallErrorCode;
  message: string;
  retryable: boolean;
}

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
