import type { ExecutionResult, JsonValue } from "../envelopes/index.js";

/**
 * What the model reads of an execution: the result or the error (with line and column), the logs, and what was
 * truncated or worth knowing. Timings stay with the host; the calls already made are shown only when the run failed,
 * so the model does not repeat one that changed state. A run with `output: "printed"` shows `output`, the printed
 * text (on failure, what was printed before it), instead of `result` and `logs`. A paused run shows the calls it
 * waits for (`waitingFor`) and a note that a person decides them; its continuation stays with the host.
 */
export function toModelView(result: ExecutionResult): { [key: string]: JsonValue } {
  const view: { [key: string]: JsonValue } = { status: result.status };
  if (result.error) {
    const { kind, message, line, column } = result.error;
    view.error = { kind, message, line, column };
    if (result.toolCalls.length > 0) {
      view.toolCallsMade = result.toolCalls.map(
        ({ tool, ok, errorCode }): JsonValue => (ok || errorCode === undefined ? { tool, ok } : { tool, ok, errorCode })
      );
    }
  } else if (result.status === "paused") {
    view.waitingFor = (result.pending ?? []).map(({ tool, arguments: args }): JsonValue => ({ tool, arguments: args }));
    view.note = PAUSED_NOTE;
  } else if (result.output !== "printed") {
    view.result = result.result;
  }
  if (result.output === "printed") view.output = printedText(result);
  else if (result.logs.length > 0) view.logs = result.logs;
  if (result.truncation) {
    const { logsOmitted, toolCallsOmitted } = result.truncation;
    view.truncated = `${logsOmitted} log lines and ${toolCallsOmitted} tool call records were dropped to fit the output limit.`;
  }
  // The model needs the id to run in the session again.
  if (result.sessionId !== undefined) view.sessionId = result.sessionId;
  if (result.diagnostics.length > 0) {
    // Where and the fix, each only when known: what the model needs to correct its script in one step.
    view.diagnostics = result.diagnostics.map(({ code, message, line, column, suggestion }): JsonValue => ({
      code,
      message,
      ...(line === undefined ? {} : { line }),
      ...(column === undefined ? {} : { column }),
      ...(suggestion === undefined ? {} : { suggestion }),
    }));
  }
  return view;
}

/** What the model is told of a paused run: a person decides, and the model must neither decide nor go round it. */
export const PAUSED_NOTE =
  "The run is paused, waiting for a person to approve these calls. Do not decide for them, retry the calls or work around them: the run goes on by itself when the person answers.";

/** What a run with `output: "printed"` printed: its result when it completed, else the lines printed before it failed. */
export function printedText(result: ExecutionResult): string {
  return result.status === "completed" && typeof result.result === "string" ? result.result : result.logs.join("\n");
}
