export { CodeModeError, isCodeModeError, type CodeModeErrorCode } from "./code-mode-error.js";
export { ToolError, toCallError } from "./tool-error.js";
