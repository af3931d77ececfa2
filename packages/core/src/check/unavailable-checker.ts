import { CodeModeError } from "../errors/index.js";
import type { ScriptChecker } from "./script-checker.js";

/**
 * The checker of a runtime that has none (a browser, workerd): TypeScript 7's compiler is a native process, which
 * only Node.js, Bun and Deno can start. Each check fails with CHECK_UNAVAILABLE naming the runtime.
 */
export function unavailableChecker(runtime: string): ScriptChecker {
  return {
    check: () =>
      Promise.reject(
        new CodeModeError(
          "CHECK_UNAVAILABLE",
          `The script check runs TypeScript 7's native compiler, which ${runtime} cannot start (it runs on Node.js, Bun and Deno); scripts here run unchecked (check: "off").`,
        ),
      ),
    close: () => Promise.resolve(),
  };
}
