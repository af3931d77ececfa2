import type { ColumnUnit, PreparedScript } from "./prepared-script.js";

/** Options of {@link locateError}. */
export interface LocateErrorOptions {
  /** How the engine counts columns: code points (the default, as the sandbox's QuickJS build counts) or UTF-8 bytes (quickjs-ng). */
  columnUnit?: ColumnUnit;
}

// `    at name (file:line:column)` for a frame, `    at file:line:column` for a SyntaxError found at compile time.
const FRAME = /^\s*at (?:(.*) \((.*):(\d+):(\d+)\)|([^\s()]+):(\d+):(\d+))\s*$/;

/**
 * Maps a QuickJS error's `stack` to the user's source: the innermost frame in the user's code wins (frames of
 * `eval`, `new Function` and natives are skipped, and so are frames on the wrapper's own lines). For a compile-time
 * SyntaxError at the very end of the program (an unclosed bracket or string), the position is the end of the user's
 * code. Null when no frame maps.
 */
export function locateError(
  stack: string,
  prepared: PreparedScript,
  options: LocateErrorOptions = {},
): { line: number; column: number } | null {
  const unit = options.columnUnit ?? "codepoint";
  for (const text of stack.split("\n")) {
    const match = FRAME.exec(text);
    if (match === null) continue;
    const compileTime = match[5] !== undefined;
    const fileName = compileTime ? match[5] : match[2];
    if (fileName !== prepared.fileName) continue;
    const line = Number(compileTime ? match[6] : match[3]);
    const column = Number(compileTime ? match[7] : match[4]);
    const position = prepared.toUserPosition(line, column, unit);
    if (position !== null) return position;
    if (compileTime && line > 1) return prepared.toUserPosition(line - 1, Number.MAX_SAFE_INTEGER, unit);
  }
  return null;
}
