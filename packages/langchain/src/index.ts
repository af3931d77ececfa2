// The public API of @codemode/langchain: every name here is a decision (shared/STYLE.md, principle 4).
export {
  CodeModeTool,
  createCodeModeTool,
  type CodeModeToolFields,
  type CreateCodeModeToolOptions,
} from "./create-code-mode-tool.js";
export {
  DEFAULT_NAMESPACE,
  fromLangChainTools,
  type FromLangChainToolsOptions,
  type LangChainTool,
  type NamespaceOption,
} from "./from-langchain-tools.js";
export { fromToolOutput, type FromToolOutputOptions } from "./from-tool-output.js";
