export { fromBase64, toBase64, toBase64Url } from "./base64.js";
export { nextTurn, unrefTimer } from "./next-turn.js";
export { nodeBuiltin } from "./node-builtin.js";
export { runtimeName } from "./runtime-name.js";
export { utf8ByteLength } from "./utf8-byte-length.js";
