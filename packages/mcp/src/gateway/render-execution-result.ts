import type { CatalogItem, CatalogPage, ExecutionResult } from "@codemode/core";

const MAX_TEXT = 16 * 1024;

/** A short text rendering of an execution result, for clients that read only a result's text content. */
export function renderExecutionResult(result: ExecutionResult): string {
  const calls = result.toolCalls.length;
  const head =
    result.status === "completed"
      ? `Completed in ${Math.round(result.durationMs)} ms with ${calls} tool call${calls === 1 ? "" : "s"}.`
      : `Failed (${result.error?.kind}${result.error?.line ? ` at line ${result.error.line}` : ""}): ${result.error?.message}`;
  const lines = [head];
  if (result.status === "completed") lines.push(`Result: ${clip(JSON.stringify(result.result) ?? "null")}`);
  if (result.logs.length > 0) lines.push("Logs:", ...result.logs.slice(0, 20));
  if (result.logs.length > 20) lines.push(`... ${result.logs.length - 20} more log lines in structuredContent.logs`);
  return lines.join("\n");
}

/** A short text rendering of a search page: one line a tool. */
export function renderSearchPage(page: CatalogPage<CatalogItem>): string {
  if (page.items.length === 0) return "No tools matched.";
  const lines = page.items.map((item) => `${item.path}: ${item.signature}\n  ${item.description.split("\n")[0] ?? ""}`);
  if (page.hasMore) lines.push(`(${page.total - page.items.length} more; raise limit or narrow the query)`);
  return lines.join("\n");
}

function clip(text: string): string {
  return text.length <= MAX_TEXT ? text : `${text.slice(0, MAX_TEXT)}... (${text.length} characters; see structuredContent.result)`;
}
