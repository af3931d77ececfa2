import type { ExecutionResult } from "../code-mode/execution-result.js";

const bytesOf = (value: unknown): number => Buffer.byteLength(JSON.stringify(value) ?? "null", "utf8");

// The bytes a prefix of `count` entries adds to an empty JSON array: the entries and the commas between them.
function prefixBytes(sizes: number[], count: number): number {
  let total = 0;
  for (let i = 0; i < count; i++) total += (sizes[i] ?? 0) + (i > 0 ? 1 : 0);
  return total;
}

// The longest prefix of entries that fits in `budget` bytes.
function longestPrefix(sizes: number[], budget: number): number {
  let total = 0;
  for (let i = 0; i < sizes.length; i++) {
    total += (sizes[i] ?? 0) + (i > 0 ? 1 : 0);
    if (total > budget) return i;
  }
  return sizes.length;
}

function truncated(result: ExecutionResult, keptLogs: number, keptCalls: number, limit: number): ExecutionResult {
  const logsOmitted = result.logs.length - keptLogs;
  const toolCallsOmitted = result.toolCalls.length - keptCalls;
  return {
    ...result,
    logs: result.logs.slice(0, keptLogs),
    toolCalls: result.toolCalls.slice(0, keptCalls),
    diagnostics: [
      ...result.diagnostics,
      {
        code: "output_truncated",
        message: `The output was over ${limit} bytes: the last ${toolCallsOmitted} tool call records and ${logsOmitted} log lines were dropped.`,
      },
    ],
    truncation: {
      logsOmitted: (result.truncation?.logsOmitted ?? 0) + logsOmitted,
      toolCallsOmitted: (result.truncation?.toolCallsOmitted ?? 0) + toolCallsOmitted,
    },
  };
}

// Drops tool call records from the end, then log lines, until the result fits; null if it cannot fit even without them.
function dropEntries(result: ExecutionResult, limit: number): ExecutionResult | null {
  const logSizes = result.logs.map(bytesOf);
  const callSizes = result.toolCalls.map(bytesOf);
  // The counts in the skeleton are the largest they can be, so its size bounds every candidate's.
  const budget = limit - bytesOf(truncated(result, 0, 0, limit));
  if (budget < 0) return null;
  const allLogs = prefixBytes(logSizes, logSizes.length);
  let keptLogs = allLogs <= budget ? logSizes.length : longestPrefix(logSizes, budget);
  let keptCalls = allLogs <= budget ? longestPrefix(callSizes, budget - allLogs) : 0;
  let candidate = truncated(result, keptLogs, keptCalls, limit);
  while (bytesOf(candidate) > limit && keptLogs + keptCalls > 0) {
    if (keptCalls > 0) keptCalls--;
    else keptLogs--;
    candidate = truncated(result, keptLogs, keptCalls, limit);
  }
  return bytesOf(candidate) <= limit ? candidate : null;
}

// The size of the whole result, measuring the returned value from its known size rather than stringifying it again.
function totalBytes(result: ExecutionResult, resultBytes: number | undefined): number {
  if (resultBytes === undefined) return bytesOf(result);
  // The value is one slot of the JSON: the skeleton with `null` there, less those 4 bytes, plus the value's bytes.
  return bytesOf({ ...result, result: null }) - 4 + resultBytes;
}

/**
 * Keeps an execution result within `maxOutputBytes` (UTF-8 bytes of its JSON) without mutating it: drops tool call
 * records from the end, then log lines, reporting what was dropped in `truncation` and an `output_truncated`
 * diagnostic; if the returned value alone cannot fit, the run fails with ResultTooLarge and keeps what still fits.
 * `resultBytes`, when given, is the UTF-8 size of `result.result` as JSON, so the common case need not measure it.
 */
export function fitResult(result: ExecutionResult, maxOutputBytes: number, resultBytes?: number): ExecutionResult {
  if (totalBytes(result, resultBytes) <= maxOutputBytes) return result;
  const fitted = dropEntries(result, maxOutputBytes);
  if (fitted !== null) return fitted;
  const failed: ExecutionResult = {
    ...result,
    status: "failed",
    result: null,
    error: {
      kind: "ResultTooLarge",
      message: `The returned value is ${bytesOf(result.result)} bytes as JSON, over the ${maxOutputBytes}-byte output limit.`,
      line: null,
      column: null,
    },
  };
  if (bytesOf(failed) <= maxOutputBytes) return failed;
  return dropEntries(failed, maxOutputBytes) ?? truncated(failed, 0, 0, maxOutputBytes);
}
