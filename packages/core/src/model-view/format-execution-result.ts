import type { Diagnostic, ExecutionResult } from "../envelopes/index.js";
import { PAUSED_NOTE, printedText } from "./to-model-view.js";

/**
 * The compact text the model reads after an execution: the result or the error with its line and column, the logs,
 * warnings, and what was dropped. On failure it also lists the tool calls already made, in order, so the model does
 * not repeat a call that changed state. A run with `output: "printed"` shows what it printed under `Output:` instead.
 * A paused run lists the calls waiting for a person and says the model must not decide, retry or work around them.
 */
export function formatExecutionResult(result: ExecutionResult): string {
  const sections: string[] = [];
  const printed = result.output === "printed";
  if (result.status === "completed") {
    if (!printed) sections.push(`Result: ${formatValue(result.result)}`);
  } else if (result.status === "paused") {
    const calls = (result.pending ?? []).map((call) => `- ${call.tool}(${JSON.stringify(call.arguments)})`);
    sections.push(`Paused: waiting for a person to approve:\n${calls.join("\n")}\n${PAUSED_NOTE}`);
  } else if (result.error?.kind === "CheckFailed") {
    // The faults are the message: each with its place, so the model can fix them all in one step.
    const count = result.diagnostics.length === 1 ? "this fault" : `these ${result.diagnostics.length} faults`;
    sections.push(`Error: CheckFailed: the script did not run and no tool was called; fix ${count} and run it again:\n${faultLines(result)}`);
  } else {
    const error = result.error;
    const where = error?.line != null ? ` at line ${error.line}${error.column != null ? `, column ${error.column}` : ""}` : "";
    sections.push(`Error: ${error?.kind ?? "InternalError"}${where}: ${error?.message ?? "The execution failed."}`);
    if (result.toolCalls.length > 0) {
      const calls = result.toolCalls.map((call) => `${call.tool} (${call.ok ? "ok" : `failed: ${call.errorCode ?? "error"}`})`);
      sections.push(`Tool calls made, in order: ${calls.join(", ")}`);
    }
  }
  if (printed) {
    const text = printedText(result);
    const title = result.status === "completed" ? "Output" : result.status === "paused" ? "Output before the pause" : "Output before the error";
    sections.push(text === "" ? `${title}: (nothing was printed)` : `${title}:\n${text}`);
  } else if (result.logs.length > 0) {
    sections.push(`Logs:\n${result.logs.join("\n")}`);
  }
  if (result.diagnostics.length > 0 && result.error?.kind !== "CheckFailed") sections.push(`Warnings:\n${faultLines(result)}`);
  if (result.truncation) {
    const { logsOmitted, toolCallsOmitted } = result.truncation;
    sections.push(`Truncated: ${logsOmitted} log lines and ${toolCallsOmitted} tool call records were dropped.`);
  }
  if (result.sessionId !== undefined) sections.push(`Session: ${result.sessionId} (pass it as sessionId to keep these variables)`);
  return sections.join("\n\n");
}

function faultLines(result: ExecutionResult): string {
  return result.diagnostics.map((item) => `- ${item.code}${placeOf(item)}: ${item.message}`).join("\n");
}

function placeOf(diagnostic: Diagnostic): string {
  if (diagnostic.line === undefined) return "";
  return diagnostic.column === undefined ? ` (line ${diagnostic.line})` : ` (line ${diagnostic.line}, column ${diagnostic.column})`;
}

function formatValue(value: unknown): string {
  if (value === null || value === undefined) return "null (the script returned nothing)";
  return typeof value === "string" ? value : JSON.stringify(value);
}
