export { formatExecutionResult } from "./format-execution-result.js";
export { toModelView } from "./to-model-view.js";
