import { createToolCatalog, type CallStyle } from "../catalog/index.js";
import { platform } from "#platform";
import { unavailableChecker } from "../check/index.js";
import type { CheckResult } from "../envelopes/index.js";
import { DEFAULT_LIMITS } from "../limits/index.js";
import { RESOURCES_DECLARATION } from "../resources/index.js";
import { prepareScript } from "../script/index.js";
import { createAllowFilter, createToolRegistry, type ToolDefinition } from "../tools/index.js";
import { FILES_DECLARATION } from "../workspace/index.js";
import { runtimeName } from "../portable/index.js";
import { loadTypeStripperFor } from "./load-type-stripper.js";
import { createScriptCheck, parseErrorResult } from "./script-check.js";

/** Options of {@link checkScript}: the tools, and what a code mode made with them would give the script. */
export interface CheckScriptOptions {
  /** The tool definitions, as `createCodeMode` takes them (their `execute` is never called). */
  tools: readonly ToolDefinition[];
  /** The caller's allowlist of tool-name patterns; the script may use no other tool. */
  allow?: readonly string[];
  /** Whether the script has the `catalog` global. Default true. */
  search?: boolean;
  callStyle?: CallStyle;
  /** Whether the script has the `files` global (a workspace) and the `resources` global. Default false. */
  files?: boolean;
  resources?: boolean;
  /** Default `DEFAULT_LIMITS.maxCodeBytes`. */
  maxCodeBytes?: number;
}

/**
 * Checks a script against tool definitions without a code mode, nothing started but the shared checker: for a caller
 * that knows the tools before it can run them (a gateway from its cached tool lists, before any upstream is up).
 * The same check as `codeMode.check`; throws CHECK_UNAVAILABLE when the checker cannot start.
 *
 * @example
 * const { ok, diagnostics } = await checkScript(code, { tools: [listInvoices, refund] });
 */
export async function checkScript(code: string, options: CheckScriptOptions): Promise<CheckResult> {
  const registry = createToolRegistry(options.tools);
  const catalog = createToolCatalog(registry.tools, {}, options.callStyle ?? "envelope");
  try {
    await loadTypeStripperFor(code);
    prepareScript(code, { maxCodeBytes: options.maxCodeBytes ?? DEFAULT_LIMITS.maxCodeBytes });
  } catch (error) {
    return parseErrorResult(error);
  }
  const globals = `${options.files ? `${FILES_DECLARATION}\n` : ""}${options.resources ? `${RESOURCES_DECLARATION}\n` : ""}`;
  const check = createScriptCheck(options.search !== false, () => globals, platform.scriptChecker?.shared() ?? unavailableChecker(runtimeName()));
  return check.check(code, { registry, catalog: () => catalog }, createAllowFilter(options.allow));
}
