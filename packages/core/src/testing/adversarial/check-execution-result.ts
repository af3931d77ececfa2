import { EXECUTION_ERROR_KINDS, resolveLimits, type ExecutionLimits, type ExecutionResult } from "../../index.js";


// What would betray the host in a message the sandbox wrote: its files, its module paths, a stack frame of its code.
const HOST_TRACES = /node_modules|file:\/\/|\.[cm]?[jt]s:\d+:\d+/;

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);
const isPosition = (value: unknown) => value === null || (Number.isSafeInteger(value) && (value as number) >= 1);
const UTF8 = new TextEncoder();
const bytes = (text: string) => UTF8.encode(text).length;

/** The first place in `value` that is not plain JSON data (plain prototypes, finite numbers, no accessors), or null. */
export function findNonJson(value: unknown, path = "$", depth = 0): string | null {
  if (value === null || typeof value === "string" || typeof value === "boolean") return null;
  if (typeof value === "number") return Number.isFinite(value) ? null : `${path} is ${value}`;
  if (typeof value !== "object") return `${path} is a ${typeof value}`;
  // Depth past any JSON.stringify of the host is itself a failure: such a value cannot leave the host.
  if (depth >= 1000) return `${path.slice(0, 40)}... is nested deeper than 1000 levels`;
  const prototype = Object.getPrototypeOf(value);
  if (Array.isArray(value) ? prototype !== Array.prototype : prototype !== Object.prototype) return `${path} has a foreign prototype`;
  for (const key of Reflect.ownKeys(value)) {
    if (typeof key === "symbol") return `${path} has a symbol key`;
    if (Array.isArray(value) && key === "length") continue;
    const descriptor = Object.getOwnPropertyDescriptor(value, key)!;
    if (!("value" in descriptor) || !descriptor.enumerable) return `${path}.${key} is not an enumerable data property`;
    const found = findNonJson(descriptor.value, `${path}.${key}`, depth + 1);
    if (found) return found;
  }
  return null;
}

/**
 * Every way `result` breaks the ExecutionResult contract under `limits`, as sentences (empty when it is well-formed):
 * shapes and types, plain JSON data within maxOutputBytes, logs and tool calls within their caps, and no trace of the
 * host in the messages the sandbox writes.
 */
export function checkExecutionResult(result: ExecutionResult, limits: Partial<ExecutionLimits> = {}): string[] {
  const { maxOutputBytes, maxLogLines, maxLogLineBytes, maxHostCalls } = resolveLimits(limits);
  const problems: string[] = [];
  const nonJson = findNonJson(result);
  if (nonJson) return [`the result is not plain JSON data: ${nonJson}`];
  const size = bytes(JSON.stringify(result));
  if (size > maxOutputBytes) problems.push(`the result is ${size} bytes, over maxOutputBytes ${maxOutputBytes}`);
  if (result.status !== "completed" && result.status !== "failed" && result.status !== "paused") problems.push(`status is ${String(result.status)}`);
  if (result.status === "paused") {
    if (result.error !== null || result.result !== null) problems.push("a paused result has an error or a value");
    if (typeof result.continuation !== "string" || result.continuation === "") problems.push("a paused result has no continuation");
    if (!Array.isArray(result.pending) || result.pending.length === 0) problems.push("a paused result has no pending calls");
    else {
      for (const call of result.pending) {
        if (typeof call.callId !== "string" || typeof call.tool !== "string" || !isPosition(call.line)) problems.push(`a malformed pending call ${JSON.stringify(call)}`);
      }
    }
  } else if (result.pending !== undefined || result.continuation !== undefined) problems.push(`a ${result.status} result has pending calls or a continuation`);
  if (result.status === "completed" && result.error !== null) problems.push("a completed result has an error");
  if (result.status === "failed") {
    const error = result.error;
    if (!isObject(error)) problems.push("a failed result has no error");
    else {
      if (!EXECUTION_ERROR_KINDS.includes(error.kind)) problems.push(`unknown error kind ${String(error.kind)}`);
      if (typeof error.message !== "string" || error.message === "") problems.push("the error has no message");
      else if (HOST_TRACES.test(error.message)) problems.push(`the error message shows the host: ${error.message}`);
      if (!isPosition(error.line) || !isPosition(error.column)) problems.push(`bad error position ${error.line}:${error.column}`);
      if (result.output === undefined && result.result !== null) problems.push("a failed result carries a value");
    }
  }
  if (!Array.isArray(result.diagnostics)) problems.push("diagnostics is not an array");
  else {
    for (const diagnostic of result.diagnostics) {
      if (typeof diagnostic.code !== "string" || typeof diagnostic.message !== "string") problems.push("a diagnostic lacks code or message");
      else if (HOST_TRACES.test(diagnostic.message)) problems.push(`a diagnostic shows the host: ${diagnostic.message}`);
      if (diagnostic.line !== undefined && !isPosition(diagnostic.line)) problems.push(`a diagnostic has line ${diagnostic.line}`);
    }
  }
  if (!Array.isArray(result.logs) || !result.logs.every((line) => typeof line === "string")) problems.push("logs are not strings");
  else {
    if (result.logs.length > maxLogLines) problems.push(`${result.logs.length} log lines, over maxLogLines ${maxLogLines}`);
    const long = result.logs.find((line) => bytes(line) > maxLogLineBytes);
    if (long !== undefined) problems.push(`a log line of ${bytes(long)} bytes, over maxLogLineBytes ${maxLogLineBytes}`);
  }
  if (!Array.isArray(result.toolCalls)) problems.push("toolCalls is not an array");
  else {
    // Every call past the limit but the first is refused without a record.
    if (result.toolCalls.length > maxHostCalls + 1) problems.push(`${result.toolCalls.length} tool call records, over maxHostCalls`);
    for (const call of result.toolCalls) {
      if (typeof call.tool !== "string" || typeof call.ok !== "boolean" || !(call.durationMs >= 0)) {
        problems.push(`a malformed tool call record ${JSON.stringify(call)}`);
      }
      if (!call.ok && typeof call.errorCode !== "string") problems.push(`a failed tool call without errorCode ${JSON.stringify(call)}`);
    }
  }
  if (!(result.durationMs >= 0)) problems.push(`durationMs is ${result.durationMs}`);
  return problems;
}

