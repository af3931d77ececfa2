import type { ToolCatalog } from "../catalog/index.js";
import { createAllowFilter } from "../tools/index.js";
import type { CatalogCallOptions, HostCatalog } from "./code-mode.js";

/** The host's view of the catalog: the script's operations, with the caller's allowlist as an option. */
export function createHostCatalog(catalog: () => ToolCatalog): HostCatalog {
  const allowed = (options?: CatalogCallOptions) => createAllowFilter(options?.allow);
  return {
    search: (args, options) => catalog().search(args, allowed(options)),
    list: (args, options) => catalog().list(args ?? {}, allowed(options)),
    count: (args, options) => catalog().count(args ?? {}, allowed(options)),
    describe: (args, options) => catalog().describe(args, allowed(options)),
    toolkits: (args, options) => catalog().toolkits(args ?? {}, allowed(options)),
  };
}
