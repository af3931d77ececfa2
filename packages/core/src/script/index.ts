export { locateError } from "./locate-error.js";
export { prepareScript, type PrepareScriptOptions } from "./prepare-script.js";
export type { ColumnUnit, PreparedScript } from "./prepared-script.js";
export { ScriptParseError } from "./script-parse-error.js";
