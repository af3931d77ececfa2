import type { ExecutionResult, JsonValue } from "@codemode/core";

/**
 * What the model reads of an execution: the result or the error (with line and column), the logs, and what was
 * truncated or worth knowing. The trace of tool calls and timings stays with the host.
 */
export function toModelView(result: ExecutionResult): { [key: string]: JsonValue } {
  const view: { [key: string]: JsonValue } = { status: result.status };
  if (result.error) {
    const { kind, message, line, column } = result.error;
    view.error = { kind, message, line, column };
  } else {
    view.result = result.result;
  }
  if (result.logs.length > 0) view.logs = result.logs;
  if (result.truncation) {
    const { logsOmitted, toolCallsOmitted } = result.truncation;
    view.truncated = `${logsOmitted} log lines and ${toolCallsOmitted} tool call records were dropped to fit the output limit.`;
  }
  if (result.diagnostics.length > 0) {
    view.diagnostics = result.diagnostics.map(({ code, message, line }): JsonValue =>
      line === undefined ? { code, message } : { code, message, line },
    );
  }
  return view;
}
