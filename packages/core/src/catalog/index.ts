export { CATALOG_DEFAULTS, createToolCatalog } from "./create-tool-catalog.js";
export { MAX_ACCEPTED_LIMIT } from "./parse-catalog-arguments.js";
export { jsonSchemaToTypeScript, type CallStyle, type JsonSchemaToTypeScriptOptions, type TypeScriptType } from "./signature/index.js";
export type {
  CatalogDetail,
  CatalogItem,
  CatalogOptions,
  CatalogPage,
  EmbedFunction,
  ToolCatalog,
  ToolDescription,
} from "./tool-catalog.js";
export { DEFAULT_PROMPT_TOKEN_BUDGET, estimateTokens } from "./write-execute-prompt.js";
