export { locateError } from "./locate-error.js";
export { prepareScript } from "./prepare-script.js";
export type { PreparedScript } from "./prepared-script.js";
export { isParseError, parsePositionOf } from "./parse-error.js";
export { removeCodeFences } from "./remove-code-fences.js";
