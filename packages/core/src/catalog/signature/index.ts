export { CATALOG_DECLARATION, CHECK_ENVELOPE_DECLARATION, ENVELOPE_DECLARATION, VALUE_DECLARATION } from "./envelope-declarations.js";
export { renderComment, renderKey } from "./render-jsdoc.js";
export { toolPath, toolSignature, type CallStyle } from "./tool-signature.js";
