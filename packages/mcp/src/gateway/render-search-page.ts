import type { CatalogItem, CatalogPage } from "@codemode/core";

/** A short text rendering of a search page: one line a tool. */
export function renderSearchPage(page: CatalogPage<CatalogItem>): string {
  if (page.items.length === 0) return "No tools matched.";
  const lines = page.items.map((item) => `${item.path}: ${item.signature}\n  ${item.description.split("\n")[0] ?? ""}`);
  if (page.hasMore) lines.push(`(${page.total - page.items.length} more; raise limit or narrow the query)`);
  return lines.join("\n");
}
