import type { GuestHost } from "../protocol.js";

// The signatures of the guest pieces (tools.js, console.js, args.js) as the worker calls them; the pieces declare
// them in their first line, so the type checker reads each piece's body against them.

/**
 * tools.js: defines `tools`, `catalog` (`withCatalog`), `files` (`withFiles`), `resources` (`withResources`), the
 * run's own globals (`globalNames`, JSON text of their names) and, with `values` (the value call style),
 * `ToolCallError`; returns `deliver(text, bytes)`, which the worker calls once per batch of replies
 * (`[[callId, envelope], ...]` as JSON text; `bytes` when an envelope holds encoded bytes).
 * @public (read by the guest files' JSDoc types, which knip does not follow)
 */
export type ToolsPiece = (
  host: GuestHost,
  withCatalog: boolean,
  values: boolean,
  withFiles: boolean,
  withResources: boolean,
  globalNames: string,
) => (text: string, bytes: boolean) => void;

/**
 * console.js: defines `console`, whose lines go to `host("log", line)`.
 * @public (read by the guest files' JSDoc types, which knip does not follow)
 */
export type ConsolePiece = (host: GuestHost) => void;

/**
 * args.js: defines `args` as the deeply frozen parse of `text`; configurable in a session, whose next run defines it again.
 * @public (read by the guest files' JSDoc types, which knip does not follow)
 */
export type ArgsPiece = (text: string, configurable: boolean) => void;

/**
 * clock.js: replaces `Date` (its clock is `host("now")`) and `Math.random` (seeded by the four words) for a run that
 * may pause, so a resumed run reads the same values again.
 * @public (read by the guest files' JSDoc types, which knip does not follow)
 */
export type ClockPiece = (host: GuestHost, s0: number, s1: number, s2: number, s3: number) => void;
