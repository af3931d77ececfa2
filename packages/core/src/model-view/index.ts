// What the model reads of an ExecutionResult: its view as JSON and its rendering as text.
export { formatExecutionResult } from "./format-execution-result.js";
export { toModelView } from "./to-model-view.js";
