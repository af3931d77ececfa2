/** How an engine counts columns: the default QuickJS build (the sandbox's) in code points, quickjs-ng in UTF-8 bytes. */
export type ColumnUnit = "utf8" | "codepoint";

/** A user's script made ready for QuickJS, with the means to map engine positions back to what the user wrote. */
export interface PreparedScript {
  /** A complete program for QuickJS (evaluated as a global script, not a module) that evaluates to the promise of the user's async body. */
  source: string;
  /** The file name the engine passes to evalCode, so stack frames in the user's code can be recognised. */
  fileName: string;
  /**
   * Maps a 1-based line/column QuickJS reports in `source` to the user's own code (as the user wrote it, fences
   * included; the column in UTF-16 code units); null when outside it. `unit` defaults to code points, as the sandbox's QuickJS counts.
   */
  toUserPosition(line: number, column: number, unit?: ColumnUnit): { line: number; column: number } | null;
}
