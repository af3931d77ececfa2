import type { QuickJSContext, QuickJSHandle } from "quickjs-emscripten-core";
import { GUEST_ARGS_SOURCE, GUEST_CLOCK_SOURCE, GUEST_CONSOLE_SOURCE, GUEST_TOOLS_SOURCE } from "../guest/index.js";
import type { RunRequest } from "../protocol.js";
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
  const loadTools = () => {
    if (bridge.deliverer) return null;
    const { search, callStyle, files, resources } = request;
    const flag = (value: boolean) => (value ? context.true : context.false);
    const names = context.newString(JSON.stringify(request.globals ?? []));
    const made = callPiece(context, GUEST_TOOLS_SOURCE, "codemode:tools", host, flag(search), flag(callStyle === "value"), flag(files === true), flag(resources === true), names);
    names.dispose();
    if ("error" in made) return made as unknown as QuickJSHandle;
    bridge.deliverer = globals.deliverer = made.value;
    return null;
  };
  lazy("tools", loadTools);
  if (request.search) lazy("catalog", loadTools);
  if (request.files === true) lazy("files", loadTools);
  if (request.resources === true) lazy("resources", loadTools);
  if (request.callStyle === "value") lazy("ToolCallError", loadTools);
  for (const name of request.globals ?? []) lazy(name, loadTools);
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
  const compiled = context.evalCode(source, fileName);
  if (compiled.error) return { error: compiled.error };
  const made = context.callFunction(compiled.value, context.undefined, ...args);
  compiled.value.dispose();
  return made.error ? { error: made.error } : { value: made.value };
}
