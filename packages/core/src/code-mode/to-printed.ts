import type { ExecutionResult } from "../envelopes/index.js";

/**
 * A run's result as `output: "printed"` gives it: a completed run's `result` becomes what the script printed (its
 * console lines joined by newlines, "" when nothing was printed) and the logs stay as they are. A returned value is
 * dropped, with a `returned_value_ignored` diagnostic so the model learns to print instead.
 */
export function toPrinted(result: Omit<ExecutionResult, "durationMs">): Omit<ExecutionResult, "durationMs"> {
  if (result.status !== "completed") return { ...result, output: "printed" };
  const diagnostics = [...result.diagnostics];
  if (result.result !== null) {
    diagnostics.push({
      code: "returned_value_ignored",
      message: "The script returned a value, but only what it prints is shown: print the answer with console.log.",
    });
  }
  return { ...result, result: result.logs.join("\n"), diagnostics, output: "printed" };
}
