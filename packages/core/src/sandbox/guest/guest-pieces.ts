import type { GuestHost } from "../protocol.js";

// The signatures of the guest pieces (tools.js, console.js, args.js) as the worker calls them; the pieces declare
// them in their first line, so the type checker reads each piece's body against them.

/**
 * tools.js: defines `tools`; with `ToolCallErrorOf` (the value call style) a call resolves to the envelope's data or
 * rejects with a ToolCallErrorOf made of the envelope's error. Returns the calls' plumbing,
 * which the worker keeps for the realm: `deliver(text, bytes)` settles a batch of replies (`[[callId, envelope], ...]`
 * as JSON text; `bytes` when an envelope holds encoded bytes), and the other pieces make their calls through the rest.
 * @public (read by the guest files' JSDoc types, which knip does not follow)
 */
export type ToolsPiece = (host: GuestHost, ToolCallErrorOf: ToolCallErrorClass | undefined) => ToolsPlumbing;

/**
 * tool-call-error.js: defines `ToolCallError` (the value call style) and returns it.
 * @public (read by the guest files' JSDoc types, which knip does not follow)
 */
export type ToolCallErrorPiece = () => ToolCallErrorClass;

/**
 * The guest's `ToolCallError`: an Error naming the tool, with the envelope error's `code` and `retryable`, whose stack
 * is the call's own so that an uncaught one points at the line that made the call.
 * @public (read by the guest files' JSDoc types, which knip does not follow)
 */
export type ToolCallErrorClass = new (tool: string, error: { code?: string; message?: string; retryable?: boolean } | undefined, stack: string | undefined) => Error;

/**
 * What tools.js returns: how a call is made and answered, and how `tools.<path>` values are made.
 * @public (read by the guest files' JSDoc types, which knip does not follow)
 */
export interface ToolsPlumbing {
  deliver(text: string, bytes: boolean): void;
  /** `stack` is where the script made the call, taken in `call` itself when not given. */
  call(kind: "tool" | "catalog" | "files" | "resources", name: string, args: unknown, options?: unknown, stack?: string): Promise<unknown>;
  /** The callable, read-only value of `tools.<name>`. */
  path(name: string): unknown;
  /** The proxy handler of every `tools` value: `get` and `apply` as given, every change refused. */
  traps(get: (target: any, key: any) => any, apply?: (target: any, self: any, args: any[]) => any): ProxyHandler<any>;
  /** Keys that are never tool names (`then`, `toJSON`, `constructor`, ... and symbols). */
  hidden(key: string | symbol): boolean;
}

/**
 * namespace.js: defines `globalThis[kind]`, frozen, with one operation per name, each `tools.call(kind, name, args)`.
 * @public (read by the guest files' JSDoc types, which knip does not follow)
 */
export type NamespacePiece = (tools: ToolsPlumbing, kind: "catalog" | "files" | "resources", ...names: string[]) => void;

/**
 * script-globals.js: defines the run's own globals (`globalNames`, JSON text of their names), each reaching its tool
 * or namespace as `tools.<name>` does.
 * @public (read by the guest files' JSDoc types, which knip does not follow)
 */
export type ScriptGlobalsPiece = (tools: ToolsPlumbing, globalNames: string) => void;

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
