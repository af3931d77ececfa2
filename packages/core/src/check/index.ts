export { checkScript, type CheckScriptOptions } from "./check-script.js";
export { holdChecker, sharedChecker } from "./shared-checker.js";
export type { CheckRequest, Fault, FaultKind, ScriptChecker } from "./script-checker.js";
