/**
 * The text QuickJS evaluates from a guest source file (one JavaScript expression): the file from its first line that
 * starts with `(`, the lines above being types and notes for the type checker and the linter, with every line
 * trimmed and blank lines and lines that are only a comment dropped (the JSDoc types of the checker among them). QuickJS parses about 100 µs a kilobyte here, and a guest piece is
 * compiled by every run that uses it, so the shorter text is the cheaper one.
 */
export function toGuestSource(fileText: string): string {
  const lines = fileText.split("\n");
  return lines
    .slice(Math.max(0, lines.findIndex((line) => line.startsWith("("))))
    .map((line) => line.trim())
    .filter((line) => line !== "" && !line.startsWith("//") && !(line.startsWith("/*") && line.endsWith("*/")))
    .join("\n");
}
