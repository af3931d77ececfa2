// The full serialiser of a guest value (see serializer-source.ts). QuickJS evaluates this file as one expression:
// the lines above its first line that opens a parenthesis are for the type checker and the linter.
// It is evaluated as text, so no build step can rewrite it. Every built-in it needs is captured when the text is
// evaluated, before user code runs, and called through the captured `Reflect.apply`; the output is built by string
// concatenation, never with array methods, so a script that overwrites `JSON.stringify`, `Array.prototype` methods or
// `Object.prototype.toJSON` cannot change or break it. Objects it builds have no prototype.
/** @type {() => import("../guest-functions.js").Serialize} */
(() => {
  "use strict";
  const O = Object, apply = Reflect.apply, getPrototypeOf = O.getPrototypeOf, keysOf = O.keys, isArray = Array.isArray;
  const describe = O.getOwnPropertyDescriptor, stringify = JSON.stringify;
  const StringOf = String, define = O.defineProperty, hasOwn = O.prototype.hasOwnProperty, tagOf = O.prototype.toString;
  /** @type {(proto: object, name: string) => any} */
  // @ts-expect-error: each accessor named below exists on its prototype
  const getter = (proto, name) => describe(proto, name).get;
  const ObjectPrototype = O.prototype, TypedArray = getPrototypeOf(Uint8Array), U8 = Uint8Array;
  const dateTime = Date.prototype.getTime, dateIso = Date.prototype.toISOString;
  const mapSize = getter(Map.prototype, "size"), mapForEach = Map.prototype.forEach;
  const setSize = getter(Set.prototype, "size"), setForEach = Set.prototype.forEach;
  const setAdd = Set.prototype.add, setHas = Set.prototype.has, setDelete = Set.prototype.delete;
  const viewBuffer = getter(TypedArray.prototype, "buffer"), viewOffset = getter(TypedArray.prototype, "byteOffset");
  const viewLength = getter(TypedArray.prototype, "byteLength"), dataBuffer = getter(DataView.prototype, "buffer");
  const dataOffset = getter(DataView.prototype, "byteOffset"), dataLength = getter(DataView.prototype, "byteLength");
  const bufferLength = getter(ArrayBuffer.prototype, "byteLength");
  const sharedLength = typeof SharedArrayBuffer === "function" ? getter(SharedArrayBuffer.prototype, "byteLength") : undefined;
  const numberValue = Number.prototype.valueOf, stringValue = String.prototype.valueOf;
  const booleanValue = Boolean.prototype.valueOf, bigintValue = BigInt.prototype.valueOf;
  const bigintText = BigInt.prototype.toString, symbolText = Symbol.prototype.toString, symbolValue = Symbol.prototype.valueOf;
  const intrinsic = new Set();
  for (const c of [Object, Array, Function, Map, Set, Date, RegExp, Promise, Error, TypeError, RangeError, SyntaxError,
    ReferenceError, EvalError, URIError, ArrayBuffer, DataView, Number, String, Boolean, BigInt, Symbol, TypedArray,
    Uint8Array, Uint8ClampedArray, Uint16Array, Uint32Array, Int8Array, Int16Array, Int32Array, Float32Array,
    Float64Array, BigInt64Array, BigUint64Array, WeakMap, WeakSet]) apply(setAdd, intrinsic, [c.prototype]);
  const ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
  const OMIT = {}, SLOW = {}, MAX_FAST_DEPTH = 128;
  const ancestors = new Set();

  /** @type {(read: Function, value: unknown) => boolean} */
  const is = (read, value) => { try { apply(read, value, []); return true; } catch { return false; } };
  /** @type {(parts: any, count: number) => string} */
  const join = (parts, count) => {
    // Pairwise merging keeps the copying at n log n however many parts there are.
    while (count > 1) {
      let next = 0;
      for (let i = 0; i < count; i += 2) parts[next++] = i + 1 < count ? parts[i] + parts[i + 1] : parts[i];
      count = next;
    }
    return count === 0 ? "" : parts[0];
  };
  /** @type {(buffer: ArrayBufferLike, offset: number, length: number) => string} */
  const base64 = (buffer, offset, length) => {
    const bytes = new U8(buffer, offset, length), parts = { __proto__: null };
    let count = 0, chunk = "";
    for (let i = 0; i < length; i += 3) {
      const a = bytes[i], b = i + 1 < length ? bytes[i + 1] : 0, c = i + 2 < length ? bytes[i + 2] : 0;
      // @ts-expect-error: every index read is below length
      chunk += ALPHABET[a >> 2] + ALPHABET[((a & 3) << 4) | (b >> 4)] +
        // @ts-expect-error: every index read is below length
        (i + 1 < length ? ALPHABET[((b & 15) << 2) | (c >> 6)] : "=") + (i + 2 < length ? ALPHABET[c & 63] : "=");
      // @ts-expect-error: parts is an array without a prototype
      if (chunk.length >= 8192) { parts[count++] = chunk; chunk = ""; }
    }
    // @ts-expect-error: parts is an array without a prototype
    parts[count++] = chunk;
    return join(parts, count);
  };
  // The toJSON a value inherits from a built-in prototype (such as a polluted Object.prototype.toJSON) is ignored.
  /** @type {(value: any) => Function | undefined} */
  const ownToJSON = (value) => {
    for (let p = value; p !== null; p = getPrototypeOf(p)) {
      if (apply(setHas, intrinsic, [p])) return undefined;
      if (apply(hasOwn, p, ["toJSON"])) { const f = value.toJSON; return typeof f === "function" ? f : undefined; }
    }
    return undefined;
  };
  /** @type {(value: any) => string} */
  const functionText = (value) => {
    const name = value.name;
    return typeof name === "string" && name !== "" ? "[Function: " + name + "]" : "[Function (anonymous)]";
  };
  /** @type {(key: unknown) => string} */
  const keyText = (key) => {
    if (typeof key === "string") return key;
    if (typeof key === "symbol") return apply(symbolText, key, []);
    if (typeof key === "bigint") return apply(bigintText, key, []);
    if (typeof key !== "object" && typeof key !== "function") return StringOf(key);
    const text = walk(key, "", false);
    return text === OMIT ? "null" : text;
  };
  // A built-in object's JSON-able stand-in (a string, a primitive, a prototype-less object, a fresh array), or the
  // value itself when it is none of the types in the table.
  /** @type {(value: any) => any} */
  const convert = (value) => {
    const tag = apply(tagOf, value, []);
    // Instances of the script's own classes skip the brand checks below, each of which throws when it fails.
    if (tag === "[object Object]") return value;
    if (tag === "[object Date]") { const t = apply(dateTime, value, []); return t === t ? apply(dateIso, value, []) : null; }
    if (tag === "[object Error]") return { __proto__: null, name: value.name, message: value.message };
    if (tag === "[object Number]") return apply(numberValue, value, []);
    if (tag === "[object String]") return apply(stringValue, value, []);
    if (tag === "[object Boolean]") return apply(booleanValue, value, []);
    if (tag === "[object BigInt]" && is(bigintValue, value)) return apply(bigintText, value, []);
    if (tag === "[object Symbol]" && is(symbolValue, value)) return apply(symbolText, apply(symbolValue, value, []), []);
    if (is(viewBuffer, value)) return base64(apply(viewBuffer, value, []), apply(viewOffset, value, []), apply(viewLength, value, []));
    if (is(dataBuffer, value)) return base64(apply(dataBuffer, value, []), apply(dataOffset, value, []), apply(dataLength, value, []));
    if (is(bufferLength, value)) return base64(value, 0, apply(bufferLength, value, []));
    if (sharedLength !== undefined && is(sharedLength, value)) return base64(value, 0, apply(sharedLength, value, []));
    if (is(mapSize, value)) {
      /** @type {Record<string, unknown>} */
      const entries = { __proto__: null };
      apply(mapForEach, value, [(v, k) => { const text = keyText(k); delete entries[text]; entries[text] = v; }]);
      return entries;
    }
    if (is(setSize, value)) {
      /** @type {unknown[]} */
      const list = [];
      let count = 0;
      apply(setForEach, value, [(v) => { define(list, StringOf(count++), { value: v, writable: true, enumerable: true, configurable: true }); }]);
      return list;
    }
    return value;
  };
  /** @type {(value: any) => string} */
  const members = (value) => {
    const names = keysOf(value), parts = { __proto__: null };
    let used = 0;
    for (let i = 0; i < names.length; i++) {
      // @ts-expect-error: every index read is below names.length
      const text = walk(value[names[i]], names[i], true);
      if (text === OMIT) continue;
      // @ts-expect-error: parts is an array without a prototype
      parts[used] = (used > 0 ? "," : "") + stringify(names[i]) + ":" + text;
      used++;
    }
    return "{" + join(parts, used) + "}";
  };
  /** @type {(list: any) => string} */
  const items = (list) => {
    const count = list.length, parts = { __proto__: null };
    for (let i = 0; i < count; i++) {
      const text = walk(list[i], StringOf(i), true);
      // @ts-expect-error: parts is an array without a prototype
      parts[i] = (i > 0 ? "," : "") + (text === OMIT ? "null" : text);
    }
    return "[" + join(parts, count) + "]";
  };
  // The slow path: every step under our control, cycles marked.
  /** @type {(value: any, key: string, honourToJSON: boolean) => any} */
  const walk = (value, key, honourToJSON) => {
    if (value === null) return "null";
    const type = typeof value;
    if (type === "string" || type === "number") return stringify(value);
    if (type === "boolean") return value ? "true" : "false";
    if (type === "undefined") return OMIT;
    if (type === "bigint") return stringify(apply(bigintText, value, []));
    if (type === "symbol") return stringify(apply(symbolText, value, []));
    if (apply(setHas, ancestors, [value])) return stringify("[Circular]");
    if (type === "function") return stringify(functionText(value));
    if (honourToJSON) {
      const toJSON = ownToJSON(value);
      if (toJSON !== undefined) return walk(apply(toJSON, value, [key]), key, false);
    }
    apply(setAdd, ancestors, [value]);
    try {
      if (isArray(value)) return items(value);
      const prototype = getPrototypeOf(value);
      const stand = prototype === ObjectPrototype || prototype === null ? value : convert(value);
      if (stand === value) return members(value);
      if (typeof stand !== "object" || stand === null) return walk(stand, key, false);
      return isArray(stand) ? items(stand) : members(stand);
    } finally {
      apply(setDelete, ancestors, [value]);
    }
  };
  // The fast path: the engine's own JSON.stringify, used only while no built-in prototype carries a toJSON that
  // would run before this replacer. The replacer keeps the chain of objects being written (each call's holder is
  // the innermost), to mark cycles and to hand deep values to the slow path: QuickJS's JSON.stringify of a deep value
  // overflows the host's stack and can leave the runtime unable to tear down cleanly (both builds).
  /** @type {any} */
  const chain = { __proto__: null };
  let depth = 0;
  /** @type {(this: unknown, key: string, value: any) => any} */
  const replacer = function (key, value) {
    const type = typeof value;
    if (type === "string" || type === "number" || type === "boolean" || value === null || type === "undefined") return value;
    if (type === "bigint") return apply(bigintText, value, []);
    if (type === "symbol") return apply(symbolText, value, []);
    if (type === "function") return functionText(value);
    while (depth > 0 && chain[depth - 1] !== this) depth--;
    for (let i = 0; i < depth; i++) if (chain[i] === value) return "[Circular]";
    if (!isArray(value)) {
      const prototype = getPrototypeOf(value);
      if (prototype !== ObjectPrototype && prototype !== null) {
        const stand = convert(value);
        // A stand-in container (for a Map, Set or Error) would hide its cycles from this chain: take the slow path.
        if (stand !== value && typeof stand === "object" && stand !== null) throw SLOW;
        if (stand !== value) return stand;
      }
    }
    if (depth >= MAX_FAST_DEPTH) throw SLOW;
    chain[depth++] = value;
    return value;
  };
  const dateToJSON = Date.prototype.toJSON, DatePrototype = Date.prototype;
  /** @type {any} */
  const prototypes = { __proto__: null };
  let prototypeCount = 0;
  apply(setForEach, intrinsic, [(p) => { prototypes[prototypeCount++] = p; }]);
  // Every built-in prototype's chain ends at Object.prototype, so one "in" per prototype (an opcode, not a call)
  // finds a toJSON on it, on anything between, or on a prototype the script slipped into its chain.
  const pristine = () => {
    if (DatePrototype.toJSON !== dateToJSON || DatePrototype.toISOString !== dateIso) return false;
    for (let i = 0; i < prototypeCount; i++) {
      const p = prototypes[i];
      if (p !== DatePrototype && "toJSON" in p) return false;
    }
    return true;
  };
  return (value) => {
    if (pristine()) {
      depth = 0;
      try {
        const text = stringify(value, replacer);
        return text === undefined ? "null" : text;
      } catch (error) {
        if (error !== SLOW) throw error;
      } finally {
        for (let i = 0; i < depth; i++) chain[i] = undefined;
      }
    }
    const text = walk(value, "", true);
    return text === OMIT ? "null" : text;
  };
})()
