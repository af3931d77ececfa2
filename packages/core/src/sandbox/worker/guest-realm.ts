import type { QuickJSContext, QuickJSRuntime } from "quickjs-emscripten-core";
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
    return { runtime, context, globals: new RealmGlobals(context) };
  } catch (error) {
    runtime.dispose();
    throw error;
  }
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
