export type {
  ApprovalOptions,
  CatalogCallOptions,
  CodeMode,
  CodeModeStats,
  CreateCodeModeOptions,
  EndSessionOptions,
  ExecuteOptions,
  HostCatalog,
  ResumeOptions,
} from "./code-mode.js";
export { createCodeMode } from "./create-code-mode.js";
export { checkScript, type CheckScriptOptions } from "./check-script.js";
