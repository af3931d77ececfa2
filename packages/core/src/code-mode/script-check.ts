import type { ToolCatalog } from "../catalog/index.js";
import { checkAgainstDeclarations, type ScriptChecker } from "../check/index.js";
import type { CheckDiagnostic, CheckResult, Diagnostic, ExecutionResult } from "../envelopes/index.js";
import { toErrorData } from "../errors/index.js";
import { isParseError, parsePositionOf } from "../script/index.js";
import type { AllowFilter, ToolRegistry } from "../tools/index.js";

/** What a run does with the check: refuse a faulty script, run it with the faults as diagnostics, or not check. */
export type CheckMode = "refuse" | "warn" | "off";

/** The tools a check reads: the same registry and catalog as the run's. */
export interface CheckedTools {
  registry: ToolRegistry;
  catalog(): ToolCatalog;
}

/** The check of one code mode, holding the process's shared checker until closed. */
export interface ScriptCheck {
  /** `runGlobals`: the declarations of one run's own globals (ExecuteOptions.globals). */
  check(code: string, tools: CheckedTools, allowed: AllowFilter, runGlobals?: string): Promise<CheckResult>;
  /** Loads what the first check needs, in the background. */
  preload(): void;
  close(): Promise<void>;
}

/**
 * Checks scripts against the declarations the caller is shown: the catalog's (with `catalog` when search is on) and
 * the other globals' (`globals()`: `files`, `resources`), with the platform's checker.
 */
export function createScriptCheck(search: boolean, globals: () => string, checker: ScriptChecker): ScriptCheck {
  return {
    preload: () => checker.preload?.(),
    check(code, tools, allowed, runGlobals = "") {
      return checkAgainstDeclarations(code, {
        checker,
        tools: () => tools.registry.tools.filter((tool) => allowed(tool.name)),
        declarations: (checked) => `${tools.catalog().declarations(allowed, { search, checked })}${globals()}${runGlobals}`,
      });
    },
    close: () => checker.close(),
  };
}

/** The check's answer for a script that cannot be prepared: its parse error, as the one fault. */
export function parseErrorResult(error: unknown): CheckResult {
  if (!isParseError(error)) throw error;
  const { line, column } = parsePositionOf(error);
  const at = { line: line ?? 1, column: column ?? 1 };
  const diagnostic: CheckDiagnostic = { code: "syntax_error", message: error.message, ...at, endLine: at.line, endColumn: at.column };
  return { ok: false, diagnostics: [diagnostic] };
}

/** An execution the check refused: nothing ran, and every fault is in `diagnostics`. */
export function refusedResult(diagnostics: CheckDiagnostic[]): Omit<ExecutionResult, "durationMs"> {
  const [first] = diagnostics;
  const count = diagnostics.length === 1 ? "1 fault" : `${diagnostics.length} faults`;
  const message = `The check found ${count} against the tools' declarations, so the script did not run and no tool was called; fix ${diagnostics.length === 1 ? "it" : "them all"} and run it again. Line ${first?.line}: ${first?.message}`;
  const error = { kind: "CheckFailed" as const, message, line: first?.line ?? null, column: first?.column ?? null };
  return { status: "failed", result: null, error, diagnostics, logs: [], toolCalls: [] };
}

/** The diagnostic of a run that went unchecked because the checker failed. */
export function uncheckedDiagnostic(error: unknown): Diagnostic {
  return { code: "check_unavailable", message: `The script ran unchecked: ${toErrorData(error).message}` };
}
