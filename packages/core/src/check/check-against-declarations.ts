import type { CheckDiagnostic, CheckResult } from "../envelopes/index.js";
import { removeCodeFences } from "../script/index.js";
import type { RegisteredTool } from "../tools/index.js";
import { createFaultWords } from "./describe-fault.js";
import type { ScriptChecker } from "./script-checker.js";

/** What one check needs besides the script. */
export interface CheckAgainstDeclarationsOptions {
  checker: ScriptChecker;
  /** The tools the caller may use, asked for only when there are faults: the nearest names come from them. */
  tools: () => readonly RegisteredTool[];
  /** The declarations the script is checked against, of the tools `checked` keeps (see ToolCatalog.declarations). */
  declarations: (checked: (tool: RegisteredTool) => boolean) => string;
}

// The script is the body of an async function. The prefix has a line of its own, so the script's line N is the
// file's line N + 1 and its columns need no shift.
const PREFIX = "async function __codemode_script__() {\n";

/**
 * Checks a script against the declarations of the tools, without running it: `{ ok, diagnostics }`, each diagnostic
 * placed in the script as the caller gave it (fences included). The declarations hold only the tools whose namespace
 * (or, flat, whose name) the script's text names: a script can reach no other without a computed name, and computed
 * names are never checked, so the check costs the same for ten tools and ten thousand.
 */
export async function checkAgainstDeclarations(code: string, options: CheckAgainstDeclarationsOptions): Promise<CheckResult> {
  const body = removeCodeFences(code);
  // One search of the script per namespace (or flat tool), however many tools it holds.
  const seen = new Map<string, boolean>();
  const named = (tool: RegisteredTool) => {
    const name = tool.namespace === "" ? tool.localName : tool.namespace;
    let found = seen.get(name);
    if (found === undefined) seen.set(name, (found = body.includes(name)));
    return found;
  };
  const faults = await options.checker.check({ script: `${PREFIX}${body}\n}`, declarations: options.declarations(named) });
  if (faults.length === 0) return { ok: true, diagnostics: [] };
  const words = createFaultWords(options.tools());
  const lines = lineStarts(body);
  const diagnostics = faults.map((fault): CheckDiagnostic => {
    const start = placeOf(lines, fault.start - PREFIX.length, body.length);
    const end = placeOf(lines, Math.max(fault.end, fault.start) - PREFIX.length, body.length);
    return { code: fault.kind, ...words(fault), line: start.line, column: start.column, endLine: end.line, endColumn: end.column };
  });
  return { ok: diagnostics.length === 0, diagnostics };
}

/** Where each line of a text starts. */
function lineStarts(text: string): number[] {
  const starts = [0];
  for (let index = text.indexOf("\n"); index !== -1; index = text.indexOf("\n", index + 1)) starts.push(index + 1);
  return starts;
}

/** The 1-based line and column (in UTF-16 code units) of an offset, clamped to the text. */
function placeOf(starts: readonly number[], offset: number, length: number): { line: number; column: number } {
  const at = Math.min(Math.max(offset, 0), length);
  let low = 0;
  let high = starts.length - 1;
  while (low < high) {
    const middle = (low + high + 1) >> 1;
    if (starts[middle]! <= at) low = middle;
    else high = middle - 1;
  }
  return { line: low + 1, column: at - starts[low]! + 1 };
}
