import { toGuestSource } from "../../serializer/index.js";
import argsFile from "./args.js?raw";
import clockFile from "./clock.js?raw";
import consoleFile from "./console.js?raw";
import namespaceFile from "./namespace.js?raw";
import scriptGlobalsFile from "./script-globals.js?raw";
import toolCallErrorFile from "./tool-call-error.js?raw";
import toolsFile from "./tools.js?raw";

// QuickJS parses about 100 µs a kilobyte here, more than a whole trivial run costs, so nothing is compiled up front:
// `tools`, `catalog` and `console` start as getters on globalThis, and the first read compiles the piece that
// defines them as plain values, each piece only what its globals need (`catalog` and the run's own globals are small
// pieces on top of the tools piece). Each piece calls the one native function, `host(kind, ...)` (GuestHost in
// ../protocol.ts).

/**
 * Guest JavaScript for `tools` (tools.js; its signature is ToolsPiece in guest-pieces.ts); a Uint8Array in arguments
 * crosses as base64 through `host("encode", buffer)`. With `values` (the value call style) a tool call resolves to
 * the envelope's data or rejects with a `ToolCallError`, whose stack is the call's own so that an uncaught one points
 * at the line that made the call; catalog calls stay envelopes.
 */
export const GUEST_TOOLS_SOURCE: string = toGuestSource(toolsFile);

/** Guest JavaScript for `ToolCallError` (tool-call-error.js, a ToolCallErrorPiece), made only in the value call style. */
export const GUEST_TOOL_CALL_ERROR_SOURCE: string = toGuestSource(toolCallErrorFile);

/** Guest JavaScript for `catalog`, `files` and `resources`, one namespace at a time (namespace.js, a NamespacePiece). */
export const GUEST_NAMESPACE_SOURCE: string = toGuestSource(namespaceFile);

/** Guest JavaScript for the run's own globals (script-globals.js, a ScriptGlobalsPiece). */
export const GUEST_SCRIPT_GLOBALS_SOURCE: string = toGuestSource(scriptGlobalsFile);

/** Guest JavaScript for `console` (console.js, a ConsolePiece). */
export const GUEST_CONSOLE_SOURCE: string = toGuestSource(consoleFile);

/** Guest JavaScript for `args` (args.js, an ArgsPiece). */
export const GUEST_ARGS_SOURCE: string = toGuestSource(argsFile);

/** Guest JavaScript replacing `Date` and `Math.random` in a run that may pause (clock.js, a ClockPiece). */
export const GUEST_CLOCK_SOURCE: string = toGuestSource(clockFile);
