import type { CatalogCallOptions, CatalogItem, CatalogPage, CodeMode } from "@codemode/core";
import type { SearchToolArguments } from "./parse-gateway-arguments.js";

/** Runs the search tool: a ranked search with a query, a plain listing without one. */
export async function searchTools(
  codeMode: CodeMode,
  args: SearchToolArguments,
  scope: CatalogCallOptions,
): Promise<CatalogPage<CatalogItem>> {
  const namespace = args.serverFilter ? { namespace: args.serverFilter } : {};
  const limit = args.limit === undefined ? {} : { limit: args.limit };
  if (args.query?.trim()) {
    return codeMode.catalog.search({ query: args.query, detail: args.detail, ...namespace, ...limit }, scope);
  }
  const page = codeMode.catalog.list({ ...namespace, ...limit }, scope);
  if (args.detail === "brief") return page;
  const items = page.items.map((item) => {
    const described = codeMode.catalog.describe({ tool: item.name }, scope);
    return { ...item, inputSchema: described.inputSchema ?? {}, outputSchema: described.outputSchema ?? {} };
  });
  return { ...page, items };
}
