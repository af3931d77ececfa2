import type { QuickJSContext, QuickJSHandle, QuickJSRuntime } from "quickjs-emscripten-core";
import { SESSION_STATE_SOURCE } from "../../serializer/index.js";
import { GUEST_TOOLS_SOURCE } from "../guest/index.js";
import { SANDBOX_GLOBALS } from "../protocol.js";
import type { GuestEngine } from "./create-guest-engine.js";
import { RealmGlobals } from "./realm-globals.js";

/**
 * A fresh runtime and context with the globals every run has, made before the run that uses them: creating them is
 * most of a trivial run, so the worker makes the next one while it would otherwise sleep. Each is used by one run
 * only, unless it is a session's.
 */
export interface GuestRealm {
  runtime: QuickJSRuntime;
  context: QuickJSContext;
  globals: RealmGlobals;
}

/** Makes a fresh runtime and context in the engine's module. */
export function createGuestRealm(engine: GuestEngine): GuestRealm {
  const runtime = engine.module.newRuntime();
  try {
    const context = runtime.newContext();
    return { runtime, context, globals: new RealmGlobals(engine.module, context) };
  } catch (error) {
    runtime.dispose();
    throw error;
  }
}

/**
 * Makes the realm's session state piece before any script runs in it (it captures the realm's built-ins then):
 * compiling its guest JavaScript is most of what restoring a small state costs, so a worker that serves sessions
 * does it while it waits. The error of a piece that could not be made, or undefined.
 */
export function prepareStatePiece(realm: GuestRealm): QuickJSHandle | undefined {
  const { context } = realm;
  const compiled = context.evalCode(SESSION_STATE_SOURCE, "codemode:session-state");
  if (compiled.error) return compiled.error;
  const names = context.newArray();
  for (const [index, name] of SANDBOX_GLOBALS.entries()) {
    const text = context.newString(name);
    context.setProp(names, index, text);
    text.dispose();
  }
  const made = context.callFunction(compiled.value, context.undefined, names);
  compiled.value.dispose();
  names.dispose();
  if (made.error) return made.error;
  realm.globals.statePiece = made.value;
  return undefined;
}

/**
 * Compiles the tools piece into a realm before its run (the run calls it when the script first reads `tools`):
 * compiling it costs more than a whole trivial run, so an engine whose runs use tools does it while it waits. A piece
 * that did not compile is left for the run, which meets the same error itself.
 */
export function prepareToolsPiece(realm: GuestRealm): void {
  const compiled = realm.context.evalCode(GUEST_TOOLS_SOURCE, "codemode:tools");
  if (compiled.error) compiled.error.dispose();
  else realm.globals.toolsPiece = compiled.value;
}

/** Disposes a realm; false when that fails (the module must not be used again). */
export function disposeRealm(realm: GuestRealm): boolean {
  try {
    realm.globals.dispose();
    realm.context.dispose();
    realm.runtime.dispose();
    return true;
  } catch {
    return false;
  }
}
