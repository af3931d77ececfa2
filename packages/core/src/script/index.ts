export { locateError } from "./locate-error.js";
export { prepareScript, type PrepareScriptOptions } from "./prepare-script.js";
export type { ColumnUnit, PreparedScript } from "./prepared-script.js";
export { createParseError, isParseError, parsePositionOf, type ParsePosition } from "./parse-error.js";
