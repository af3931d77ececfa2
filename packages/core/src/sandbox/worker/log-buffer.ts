import type { Diagnostic } from "../../envelopes/index.js";

/** The console lines of one run, capped in count and in bytes a line, with the diagnostics the caps leave behind. */
export interface LogBuffer {
  write(line: string): void;
  /** Lines written since the last call, in order. */
  takeNew(): string[];
  /** How many lines wait for `takeNew`. */
  readonly waiting: number;
  /** How many lines were dropped past the cap so far. */
  readonly dropped: number;
  diagnostics(): Diagnostic[];
}

/** Creates the log buffer of one run. */
export function createLogBuffer(maxLines: number, maxLineBytes: number): LogBuffer {
  const lines: string[] = [];
  let taken = 0;
  let dropped = 0;
  let truncated = 0;
  const scratch = new Uint8Array(maxLineBytes);
  const encoder = new TextEncoder();
  return {
    write(line) {
      if (lines.length >= maxLines) {
        dropped++;
        return;
      }
      // A UTF-8 byte is at least one UTF-16 unit, so a short line needs no encoding to know it fits.
      if (line.length * 3 > maxLineBytes) {
        const { read } = encoder.encodeInto(line, scratch);
        if (read < line.length) {
          truncated++;
          line = line.slice(0, read);
        }
      }
      lines.push(line);
    },
    takeNew() {
      const fresh = lines.slice(taken);
      taken = lines.length;
      return fresh;
    },
    get waiting() {
      return lines.length - taken;
    },
    get dropped() {
      return dropped;
    },
    diagnostics() {
      const found: Diagnostic[] = [];
      if (dropped > 0) {
        found.push({
          code: "log_lines_dropped",
          message: `${dropped} console line(s) after the first ${maxLines} were dropped.`,
        });
      }
      if (truncated > 0) {
        found.push({ code: "log_line_truncated", message: `${truncated} console line(s) were cut at ${maxLineBytes} bytes.` });
      }
      return found;
    },
  };
}
