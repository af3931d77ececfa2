export { checkAgainstDeclarations } from "./check-against-declarations.js";
export { holdChecker, sharedChecker } from "./shared-checker.js";
export type { ScriptChecker } from "./script-checker.js";
export { unavailableChecker } from "./unavailable-checker.js";
