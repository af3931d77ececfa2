/** The user's script cannot be prepared: too large, TypeScript that cannot be stripped, or a syntax error found while stripping. */
export class ScriptParseError extends Error {
  override readonly name = "ScriptParseError";
  /** 1-based line in the user's code as given, or null when the error has no position (such as a size limit). */
  readonly line: number | null;
  /** 1-based column (UTF-16 code units) in that line, or null. */
  readonly column: number | null;

  constructor(message: string, line: number | null = null, column: number | null = null) {
    super(message);
    this.line = line;
    this.column = column;
  }
}
