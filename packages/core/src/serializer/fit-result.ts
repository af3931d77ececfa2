import type { ExecutionResult } from "../envelopes/index.js";
import { utf8ByteLength } from "../portable/index.js";

const bytesOf = (value: unknown): number => utf8ByteLength(JSON.stringify(value) ?? "null");

/** The lists that give way, in the order they are dropped from: tool call records first, diagnostics last. */
const DROPPED_FIRST = ["toolCalls", "logs", "diagnostics"] as const;
type Kept = Record<(typeof DROPPED_FIRST)[number], number>;

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

function truncated(result: ExecutionResult, kept: Kept, limit: number): ExecutionResult {
  const logsOmitted = result.logs.length - kept.logs;
  const toolCallsOmitted = result.toolCalls.length - kept.toolCalls;
  const diagnosticsOmitted = result.diagnostics.length - kept.diagnostics;
  const dropped = `the last ${toolCallsOmitted} tool call records and ${logsOmitted} log lines${diagnosticsOmitted > 0 ? ` and ${diagnosticsOmitted} diagnostics` : ""}`;
  const totalDiagnostics = (result.truncation?.diagnosticsOmitted ?? 0) + diagnosticsOmitted;
  return {
    ...result,
    logs: result.logs.slice(0, kept.logs),
    toolCalls: result.toolCalls.slice(0, kept.toolCalls),
    diagnostics: [
      ...result.diagnostics.slice(0, kept.diagnostics),
      { code: "output_truncated", message: `The output was over ${limit} bytes: ${dropped} were dropped.` },
    ],
    truncation: {
      logsOmitted: (result.truncation?.logsOmitted ?? 0) + logsOmitted,
      toolCallsOmitted: (result.truncation?.toolCallsOmitted ?? 0) + toolCallsOmitted,
      ...(totalDiagnostics > 0 ? { diagnosticsOmitted: totalDiagnostics } : {}),
    },
  };
}

// Drops tool call records from the end, then log lines, then diagnostics, until the result fits; null if it cannot
// fit even without them.
function dropEntries(result: ExecutionResult, limit: number): ExecutionResult | null {
  const sizes = { toolCalls: result.toolCalls.map(bytesOf), logs: result.logs.map(bytesOf), diagnostics: result.diagnostics.map(bytesOf) };
  // The counts in the skeleton are the largest they can be, so its size bounds every candidate's.
  let budget = limit - bytesOf(truncated(result, { toolCalls: 0, logs: 0, diagnostics: 0 }, limit));
  if (budget < 0) return null;
  const kept: Kept = { toolCalls: 0, logs: 0, diagnostics: 0 };
  // What is dropped last is kept first; once one list is cut, the lists dropped before it keep nothing.
  for (const list of [...DROPPED_FIRST].reverse()) {
    kept[list] = longestPrefix(sizes[list], budget);
    budget = kept[list] === sizes[list].length ? budget - prefixBytes(sizes[list], kept[list]) : 0;
  }
  let candidate = truncated(result, kept, limit);
  for (let list = 0; bytesOf(candidate) > limit && list < DROPPED_FIRST.length; ) {
    const name = DROPPED_FIRST[list]!;
    if (kept[name] === 0) list++;
    else {
      kept[name]--;
      candidate = truncated(result, kept, limit);
    }
  }
  return bytesOf(candidate) <= limit ? candidate : null;
}

// The size of the whole result, measuring the returned value from its known size rather than stringifying it again.
function totalBytes(result: ExecutionResult, resultBytes: number | undefined): number {
  if (resultBytes === undefined) return bytesOf(result);
  // The value is one slot of the JSON: the skeleton with `null` there, less those 4 bytes, plus the value's bytes.
  return bytesOf({ ...result, result: null }) - 4 + resultBytes;
}

const CUT_MARK = "… (cut to fit the output limit)";

/** A failed result whose error message is cut, by code points, to what fits beside the least the result can hold. */
function withMessageCut(result: ExecutionResult, limit: number): ExecutionResult {
  const error = result.error!;
  const least = truncated({ ...result, error: { ...error, message: CUT_MARK } }, { toolCalls: 0, logs: 0, diagnostics: 0 }, limit);
  let room = limit - bytesOf(least);
  let message = "";
  // JSON escapes each code point on its own, so the prefix's size is the sum of theirs (less each one's quotes).
  for (const codePoint of error.message) {
    room -= bytesOf(codePoint) - 2;
    if (room < 0) break;
    message += codePoint;
  }
  return { ...result, error: { ...error, message: message + CUT_MARK } };
}

/**
 * Keeps an execution result within `maxOutputBytes` (UTF-8 bytes of its JSON) without mutating it: drops tool call
 * records from the end, then log lines, then diagnostics, reporting what was dropped in `truncation` and an
 * `output_truncated` diagnostic; a failed run's error message is cut if it alone does not fit; if the returned value
 * alone cannot fit, the run fails with ResultTooLarge and keeps what still fits. `resultBytes`, when given, is the
 * UTF-8 size of `result.result` as JSON, so the common case need not measure it.
 */
export function fitResult(result: ExecutionResult, maxOutputBytes: number, resultBytes?: number): ExecutionResult {
  if (totalBytes(result, resultBytes) <= maxOutputBytes) return result;
  const fitted = dropEntries(result, maxOutputBytes);
  if (fitted !== null) return fitted;
  if (result.error !== null) {
    const cut = withMessageCut(result, maxOutputBytes);
    return dropEntries(cut, maxOutputBytes) ?? truncated(cut, { toolCalls: 0, logs: 0, diagnostics: 0 }, maxOutputBytes);
  }
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
  return dropEntries(failed, maxOutputBytes) ?? truncated(failed, { toolCalls: 0, logs: 0, diagnostics: 0 }, maxOutputBytes);
}
