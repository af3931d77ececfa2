import type { CallStyle } from "../catalog/index.js";
import { CodeModeError } from "../errors/index.js";
import type { CreateCodeModeOptions } from "./code-mode.js";
import { DEFAULT_MAX_SUMMARY_BYTES, type TraceOptions } from "../sandbox/index.js";
import type { CheckMode } from "./script-check.js";

/** The call style, output mode, check and trace settings of {@link CreateCodeModeOptions}, checked and with defaults. */
export function readOptions(
  options: CreateCodeModeOptions,
  /** "refuse" where the runtime has a checker, "off" where it has none. */
  defaultCheck: CheckMode = "refuse",
): {
  callStyle: CallStyle;
  output: "result" | "printed";
  check: CheckMode;
  trace: Required<TraceOptions> | undefined;
} {
  const callStyle = options.callStyle ?? "envelope";
  if (callStyle !== "envelope" && callStyle !== "value") {
    throw new CodeModeError("INVALID_OPTIONS", `callStyle must be "envelope" or "value", got ${String(callStyle)}.`);
  }
  const output = options.output ?? "result";
  if (output !== "result" && output !== "printed") {
    throw new CodeModeError("INVALID_OPTIONS", `output must be "result" or "printed", got ${String(output)}.`);
  }
  const check = options.check ?? defaultCheck;
  if (check !== "refuse" && check !== "warn" && check !== "off") {
    throw new CodeModeError("INVALID_OPTIONS", `check must be "refuse", "warn" or "off", got ${String(check)}.`, { details: { option: "check" } });
  }
  return { callStyle, output, check, trace: readTrace(options.trace) };
}

function readTrace(trace: TraceOptions | undefined): Required<TraceOptions> | undefined {
  if (!trace || (!trace.arguments && !trace.results)) return undefined;
  const maxSummaryBytes = trace.maxSummaryBytes ?? DEFAULT_MAX_SUMMARY_BYTES;
  // Below about 32 bytes a cut summary would be only its "… (N bytes)" marker.
  if (!Number.isSafeInteger(maxSummaryBytes) || maxSummaryBytes < 32) {
    throw new CodeModeError("INVALID_OPTIONS", `trace.maxSummaryBytes must be an integer of at least 32, got ${String(maxSummaryBytes)}.`);
  }
  return { arguments: trace.arguments === true, results: trace.results === true, maxSummaryBytes };
}
