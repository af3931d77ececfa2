import type { ColumnUnit } from "./prepared-script.js";

/** Converts a 1-based column counted in `unit` within `text` to a 1-based UTF-16 column, clamped to the line's end. */
export function toUtf16Column(text: string, column: number, unit: ColumnUnit): number {
  let counted = 1;
  let index = 0;
  while (index < text.length && counted < column) {
    const codePoint = text.codePointAt(index) ?? 0;
    const units = codePoint > 0xffff ? 2 : 1;
    counted += unit === "codepoint" ? 1 : codePoint < 0x80 ? 1 : codePoint < 0x800 ? 2 : codePoint > 0xffff ? 4 : 3;
    index += units;
  }
  return index + 1;
}
