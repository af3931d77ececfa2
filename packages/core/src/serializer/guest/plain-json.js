// The fast paths of writing a guest value as JSON (see guest-json-source.ts). QuickJS evaluates this file as one
// expression: the lines above its first line that opens a parenthesis are for the type checker and the linter.
/** @type {() => import("../guest-functions.js").PlainJson} */
(() => {
  "use strict";
  const stringify = JSON.stringify, protoOf = Object.getPrototypeOf, define = Object.defineProperty;
  const plainObject = Object.prototype, plainArray = Array.prototype;
  const standIns = [Map.prototype, Set.prototype, Error.prototype, protoOf(Uint8Array).prototype, ArrayBuffer.prototype,
    DataView.prototype, Function.prototype];
  if (typeof SharedArrayBuffer === "function") standIns[standIns.length] = SharedArrayBuffer.prototype;
  const stop = {}, large = {};
  const giveUp = { __proto__: null, value() { throw stop; }, configurable: true, writable: true };
  /** @type {(key: string, value: unknown) => unknown} */
  const check = (key, value) => {
    switch (typeof value) {
      case "string":
      case "number":
      case "boolean":
        return value;
      case "object":
        if (value !== null) {
          const proto = protoOf(value);
          if (proto !== plainObject && proto !== plainArray && proto !== null) throw stop;
        }
        return value;
      case "undefined":
        if (key !== "") return value;
    }
    throw stop;
  };
  let budget = 0;
  /** @type {(key: string, value: unknown) => unknown} */
  const checkSmall = (key, value) => {
    if (--budget < 0) throw large;
    return check(key, value);
  };
  /** @type {(value: unknown) => string | undefined} */
  const native = (value) => {
    for (let i = 0; i < standIns.length; i++) if ("toJSON" in standIns[i]) return undefined;
    let set = 0;
    try {
      for (; set < standIns.length; set++) define(standIns[set], "toJSON", giveUp);
      return stringify(value);
    } finally {
      for (let i = 0; i < set; i++) delete standIns[i].toJSON;
    }
  };
  return (value, writeNatively) => {
    if ("toJSON" in plainObject || "toJSON" in plainArray) return undefined;
    try {
      if (!writeNatively) return stringify(value, check);
      budget = 128;
      try {
        return stringify(value, checkSmall);
      } catch (error) {
        // A Date or a class instance in a small value is written natively too, before the full serialiser is needed.
        if (error !== large && error !== stop) throw error;
      }
      return native(value);
    } catch {
      return undefined;
    }
  };
})()
