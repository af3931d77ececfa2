export { createToolCatalog } from "./create-tool-catalog.js";
export { toolPath, type CallStyle } from "./signature/index.js";
export type {
  CatalogDetail,
  CatalogItem,
  CatalogOptions,
  CatalogPage,
  EmbedFunction,
  ToolCatalog,
  ToolDescription,
} from "./tool-catalog.js";
