export { locateError } from "./locate-error.js";
export { needsTypeStripper, prepareScript } from "./prepare-script.js";
export { installTypeStripper, type TransformTypeScript } from "./strip-types.js";
export type { PreparedScript } from "./prepared-script.js";
export { isParseError, parsePositionOf } from "./parse-error.js";
export { removeCodeFences } from "./remove-code-fences.js";
