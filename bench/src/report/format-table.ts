/** Lays out rows as a plain-text table with a header rule; numbers and ratios are formatted by the caller. */
export function formatTable(header: readonly string[], rows: readonly (readonly string[])[]): string {
  const widths = header.map((cell, column) => Math.max(cell.length, ...rows.map((row) => (row[column] ?? "").length)));
  const line = (cells: readonly string[]) =>
    cells.map((cell, column) => (column === 0 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!))).join("  ");
  return [line(header), widths.map((width) => "-".repeat(width)).join("  "), ...rows.map(line)].join("\n");
}

/** Formats milliseconds with a precision that suits their size: 0.412 ms, 12.3 ms, 1,234 ms. */
export function formatMs(ms: number): string {
  if (ms < 10) return `${ms.toFixed(3)} ms`;
  if (ms < 1000) return `${ms.toFixed(1)} ms`;
  return `${Math.round(ms).toLocaleString("en")} ms`;
}

/** Formats a ratio to a floor: `1.23x`. */
export function formatRatio(ratio: number): string {
  return `${ratio.toFixed(2)}x`;
}
