// The public API of @codemode/cloudflare: every name here is a decision, and adding one gets a changeset.
export {
  createCodeModeExecutor,
  type CodeModeExecuteOptions,
  type CodeModeExecutor,
  type CodeModeExecutorOptions,
} from "./create-code-mode-executor.js";
