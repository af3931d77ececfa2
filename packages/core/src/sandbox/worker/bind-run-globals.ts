import type { QuickJSContext, QuickJSHandle } from "quickjs-emscripten-core";
import {
  GUEST_ARGS_SOURCE,
  GUEST_CLOCK_SOURCE,
  GUEST_CONSOLE_SOURCE,
  GUEST_NAMESPACE_SOURCE,
  GUEST_SCRIPT_GLOBALS_SOURCE,
  GUEST_TOOL_CALL_ERROR_SOURCE,
  GUEST_TOOLS_SOURCE,
} from "../guest/index.js";
import { NAMESPACE_OPERATIONS, type RunRequest } from "../protocol.js";
import { GuestBridge } from "./guest-bridge.js";
import type { GuestChannel, StopReason } from "./guest-channel.js";
import type { GuestValues } from "./guest-values.js";
import type { RealmGlobals } from "./realm-globals.js";

/** What {@link bindRunGlobals} binds the realm's globals to. */
export interface BindRunGlobalsOptions {
  context: QuickJSContext;
  globals: RealmGlobals;
  request: RunRequest;
  channel: GuestChannel<unknown>;
  values: GuestValues;
  /** A session's run: its `args` are bound afresh, as they belong to one run. */
  kept: boolean;
  stop(reason: StopReason): void;
}

type Made = { value: QuickJSHandle } | { error: QuickJSHandle };

/**
 * Binds the realm's lazy globals (`tools`, `catalog`, `console`, ...) to one run and returns the run's bridge: the
 * first read of each global compiles the guest piece that replaces it with a plain value, so a run pays only for the
 * globals its script touches.
 */
export function bindRunGlobals(options: BindRunGlobalsOptions): GuestBridge {
  const { context, globals, request, values, kept } = options;
  const bridge = new GuestBridge(context, request, options.channel, {
    serialize: (value) => values.serialize(value),
    string: (handle) => values.string(handle),
    call: (fn, ...args) => values.call(fn, ...args),
    stop: options.stop,
  });
  const host = globals.begin(bridge);
  // Before the script's first line: a run that may pause reads its clock and random numbers through the record.
  if (request.record) {
    const seed = request.record.seed.map((word) => context.newNumber(word));
    const made = callPiece(context, GUEST_CLOCK_SOURCE, "codemode:clock", host, ...seed);
    for (const handle of seed) handle.dispose();
    if ("error" in made) bridge.clockError = made.error;
    else made.value.dispose();
  }
  const lazy = (name: string, load: () => QuickJSHandle | null) => globals.lazy(name, load, kept && name === "args");
  // The tools piece comes first whichever of its globals the script reads first: the others make their calls through
  // what it returns, which the realm keeps (a session's later run may read `catalog` first).
  const loadTools = (): Made | null => {
    if (globals.tools) return null;
    const errorClass = request.callStyle === "value" ? callPiece(context, GUEST_TOOL_CALL_ERROR_SOURCE, "codemode:errors") : undefined;
    if (errorClass && "error" in errorClass) return errorClass;
    const compiled = globals.toolsPiece ? { value: globals.toolsPiece } : context.evalCode(GUEST_TOOLS_SOURCE, "codemode:tools");
    globals.toolsPiece = undefined;
    const made = callCompiled(context, compiled, host, errorClass?.value ?? context.undefined);
    errorClass?.value.dispose();
    if ("error" in made) return made;
    globals.tools = made.value;
    bridge.deliverer = globals.deliverer = context.getProp(made.value, "deliver");
    return null;
  };
  const onTools = (source: string, fileName: string, ...args: string[]) => () => {
    const failed = loadTools();
    if (failed) return failed as unknown as QuickJSHandle;
    const handles = args.map((arg) => context.newString(arg));
    const made = callPiece(context, source, fileName, globals.tools!, ...handles);
    for (const handle of handles) handle.dispose();
    if ("error" in made) return made as unknown as QuickJSHandle;
    made.value.dispose();
    return null;
  };
  const tools = () => loadTools() as unknown as QuickJSHandle | null;
  lazy("tools", tools);
  if (request.callStyle === "value") lazy("ToolCallError", tools);
  for (const kind of ["catalog", "files", "resources"] as const) {
    const wanted = kind === "catalog" ? request.search : request[kind] === true;
    if (wanted) lazy(kind, onTools(GUEST_NAMESPACE_SOURCE, `codemode:${kind}`, kind, ...NAMESPACE_OPERATIONS[kind]));
  }
  if (request.globals && request.globals.length > 0) {
    const load = onTools(GUEST_SCRIPT_GLOBALS_SOURCE, "codemode:globals", JSON.stringify(request.globals));
    for (const name of request.globals) lazy(name, load);
  }
  lazy("args", () => {
    const text = context.newString(request.args ?? "[]");
    const made = callPiece(context, GUEST_ARGS_SOURCE, "codemode:args", text, kept ? context.true : context.false);
    text.dispose();
    if ("error" in made) return made as unknown as QuickJSHandle;
    made.value.dispose();
    return null;
  });
  lazy("console", () => {
    const made = callPiece(context, GUEST_CONSOLE_SOURCE, "codemode:console", host);
    if ("error" in made) return made as unknown as QuickJSHandle;
    made.value.dispose();
    return null;
  });
  return bridge;
}

/** Compiles a guest piece and calls it with `args`; a failure is the guest's error. */
function callPiece(context: QuickJSContext, source: string, fileName: string, ...args: QuickJSHandle[]): Made {
  return callCompiled(context, context.evalCode(source, fileName), ...args);
}

/** Calls a compiled guest piece with `args`, then frees it; a failure is the guest's error. */
function callCompiled(context: QuickJSContext, compiled: { value: QuickJSHandle } | { error: QuickJSHandle }, ...args: QuickJSHandle[]): Made {
  if ("error" in compiled) return { error: compiled.error };
  const made = context.callFunction(compiled.value, context.undefined, ...args);
  compiled.value.dispose();
  return made.error ? { error: made.error } : { value: made.value };
}
