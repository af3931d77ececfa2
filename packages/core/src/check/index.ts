export { checkAgainstDeclarations, type CheckAgainstDeclarationsOptions } from "./check-against-declarations.js";
export { holdChecker, sharedChecker } from "./shared-checker.js";
export type { CheckRequest, Fault, FaultKind, ScriptChecker } from "./script-checker.js";
