import { SANDBOX_GLOBALS } from "../sandbox/index.js";

/**
 * Names a script's declaration of which stays local to its run: the sandbox's own globals, and JavaScript's built-ins,
 * which the sandbox's own guest code (the serialiser, the tools piece, the state piece) reads in every run.
 */
export const LOCAL_NAMES: ReadonlySet<string> = new Set([
  ...SANDBOX_GLOBALS,
  "globalThis",
  ...["Infinity", "NaN", "undefined", "eval", "isFinite", "isNaN", "parseFloat", "parseInt", "decodeURI"],
  ...["decodeURIComponent", "encodeURI", "encodeURIComponent", "escape", "unescape", "AggregateError", "Array"],
  ...["ArrayBuffer", "BigInt", "BigInt64Array", "BigUint64Array", "Boolean", "DataView", "Date", "Error", "EvalError"],
  ...["FinalizationRegistry", "Float32Array", "Float64Array", "Function", "Int8Array", "Int16Array", "Int32Array"],
  ...["Map", "Number", "Object", "Promise", "Proxy", "RangeError", "ReferenceError", "RegExp", "Set", "String"],
  ...["SharedArrayBuffer", "Symbol", "SyntaxError", "TypeError", "Uint8Array", "Uint8ClampedArray", "Uint16Array"],
  ...["Uint32Array", "URIError", "WeakMap", "WeakRef", "WeakSet", "Atomics", "JSON", "Math", "Reflect"],
]);
