import { createNativeChecker } from "./create-native-checker.js";
import type { ScriptChecker } from "./script-checker.js";

let shared: ScriptChecker | undefined;
let holders = 0;

/** The process's one checker, made on first use: one compiler process serves every code mode. */
export function sharedChecker(): ScriptChecker {
  shared ??= createNativeChecker();
  return shared;
}

/**
 * The shared checker, held by a code mode until it closes it: the compiler process stops when the last holder has
 * closed (a later check starts one again).
 */
export function holdChecker(): ScriptChecker {
  holders++;
  let closed = false;
  return {
    check: (request) => sharedChecker().check(request),
    preload: () => sharedChecker().preload?.(),
    async close() {
      if (closed) return;
      closed = true;
      if (--holders > 0 || !shared) return;
      const closing = shared;
      shared = undefined;
      await closing.close();
    },
  };
}
