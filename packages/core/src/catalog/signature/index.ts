export { ENVELOPE_DECLARATION, CATALOG_DECLARATION } from "./envelope-declarations.js";
export {
  jsonSchemaToTypeScript,
  type JsonSchemaToTypeScriptOptions,
  type TypeScriptType,
} from "./json-schema-to-typescript.js";
export { renderComment, renderKey } from "./render-jsdoc.js";
export { toolPath, toolSignature, type SignatureStyle } from "./tool-signature.js";
