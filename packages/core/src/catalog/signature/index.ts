export { ENVELOPE_DECLARATION, CATALOG_DECLARATION, VALUE_DECLARATION } from "./envelope-declarations.js";
export {
  jsonSchemaToTypeScript,
  type JsonSchemaToTypeScriptOptions,
  type TypeScriptType,
} from "./json-schema-to-typescript.js";
export { renderComment, renderKey } from "./render-jsdoc.js";
export { toolPath, toolSignature, type CallStyle, type SignatureStyle } from "./tool-signature.js";
