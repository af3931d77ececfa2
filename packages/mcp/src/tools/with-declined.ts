import type { ExecutionResult } from "@codemode/core";

/** The execution result with a diagnostic for each upstream question the gateway declined instead of asking. */
export function withDeclined(result: ExecutionResult, declined: readonly string[]): ExecutionResult {
  if (declined.length === 0) return result;
  const diagnostics = declined.map((message) => ({ code: "upstream_question_declined", message }));
  return { ...result, diagnostics: [...result.diagnostics, ...diagnostics] };
}
