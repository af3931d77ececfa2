export type {
  CatalogCallOptions,
  CodeMode,
  CodeModeStats,
  CreateCodeModeOptions,
  EndSessionOptions,
  ExecuteOptions,
  HostCatalog,
} from "./code-mode.js";
export { createCodeMode } from "./create-code-mode.js";
