// eslint-disable-next-line @typescript-eslint/ban-ts-comment -- a walker over any guest value: its tests check its format
// @ts-nocheck
// A session's state between executions (see session-state-source.ts): QuickJS evaluates this file as one expression,
// in a fresh realm before the state is restored and before the script runs, so every built-in it captures is the
// realm's own, whatever the script later does to them. It never calls the script's getters or toJSON: properties are
// read through their descriptors, Maps and Sets through the captured built-in methods.
/** @type {import("../guest-functions.js").SessionStatePiece} */
(function (sandboxNames) {
  "use strict";
  const O = Object, R = Reflect, apply = R.apply, ownKeys = R.ownKeys, getPrototypeOf = O.getPrototypeOf;
  const setPrototypeOf = O.setPrototypeOf, describe = O.getOwnPropertyDescriptor, define = O.defineProperty;
  const isArray = Array.isArray, stringify = JSON.stringify, parse = JSON.parse, StringOf = String;
  const isFrozen = O.isFrozen, isSealed = O.isSealed, isExtensible = O.isExtensible;
  const freeze = O.freeze, seal = O.seal, preventExtensions = O.preventExtensions;
  const tagOf = O.prototype.toString, fnText = Function.prototype.toString, indirectEval = eval;
  const MapOf = Map, SetOf = Set, mapGet = Map.prototype.get, mapSet = Map.prototype.set, mapHas = Map.prototype.has;
  const mapForEach = Map.prototype.forEach, setAdd = Set.prototype.add, setHas = Set.prototype.has;
  const setForEach = Set.prototype.forEach, push = Array.prototype.push;
  const slice = String.prototype.slice, indexOf = String.prototype.indexOf;
  const getter = (proto, name) => describe(proto, name).get;
  // Methods made plain functions once (`uncurry(m)(self, ...args)` is `self.m(...args)`): no arguments array per call,
  // and a script that replaces the method later does not reach them.
  const uncurry = (method) => apply(Function.prototype.bind, Function.prototype.call, [method]);
  const TypedArray = getPrototypeOf(Uint8Array), U8 = Uint8Array;
  const seenGet = uncurry(mapGet), seenSet = uncurry(mapSet), inSet = uncurry(setHas), toSet = uncurry(setAdd);
  const append = uncurry(push), tagText = uncurry(tagOf);
  const viewBuffer = getter(TypedArray.prototype, "buffer"), viewOffset = getter(TypedArray.prototype, "byteOffset");
  const viewLength = getter(TypedArray.prototype, "length"), typedTag = getter(TypedArray.prototype, Symbol.toStringTag);
  const dataBuffer = getter(DataView.prototype, "buffer"), dataOffset = getter(DataView.prototype, "byteOffset");
  const dataLength = getter(DataView.prototype, "byteLength"), bufferLength = getter(ArrayBuffer.prototype, "byteLength");
  const dateTime = Date.prototype.getTime, regexpSource = getter(RegExp.prototype, "source");
  const regexpFlags = getter(RegExp.prototype, "flags"), symbolDescription = getter(Symbol.prototype, "description");
  const symbolFor = Symbol.for, symbolKeyFor = Symbol.keyFor, SymbolOf = Symbol;
  const numberValue = Number.prototype.valueOf, stringValue = String.prototype.valueOf;
  const booleanValue = Boolean.prototype.valueOf, bigintValue = BigInt.prototype.valueOf, bigintText = BigInt.prototype.toString;
  const BigIntOf = BigInt, NumberOf = Number, DateOf = Date, RegExpOf = RegExp;
  const DataViewOf = DataView, ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
  const global = globalThis;
  const typed = { __proto__: null };
  for (const C of [Int8Array, Uint8Array, Uint8ClampedArray, Int16Array, Uint16Array, Int32Array, Uint32Array,
    Float32Array, Float64Array, BigInt64Array, BigUint64Array]) typed[C.name] = C;
  if (typeof Float16Array === "function") typed.Float16Array = Float16Array;
  const errors = { __proto__: null };
  for (const C of [Error, TypeError, RangeError, SyntaxError, ReferenceError, EvalError, URIError]) errors[C.name] = C;
  // The names a fresh realm has, and the sandbox's own: never the script's state.
  const baseline = new SetOf(), sandboxed = new SetOf(), builtins = [];
  for (const name of sandboxNames) toSet(sandboxed, name);
  for (const name of ownKeys(global)) {
    toSet(baseline, name);
    const d = describe(global, name);
    if (typeof name === "string" && name !== "globalThis" && !inSet(sandboxed, name) && d && "value" in d) append(builtins, [name, d.value]);
  }
  for (const name of sandboxNames) toSet(baseline, name);
  const topBuiltins = new MapOf();
  for (const [name, value] of builtins) {
    if ((typeof value !== "object" && typeof value !== "function") || value === null) continue;
    seenSet(topBuiltins, value, name);
    const prototype = typeof value === "function" ? describe(value, "prototype") : undefined;
    if (prototype && typeof prototype.value === "object" && prototype.value !== null) seenSet(topBuiltins, prototype.value, name + ".prototype");
  }
  const mapDelete = Map.prototype.delete;
  // Built-in objects and functions by path, found on first need: `const { floor } = Math` keeps Math.floor itself.
  let intrinsics, intrinsicPaths;
  const indexIntrinsics = () => {
    if (intrinsics) return;
    intrinsics = new MapOf();
    intrinsicPaths = { __proto__: null };
    const note = (value, path) => {
      if ((typeof value !== "object" && typeof value !== "function") || value === null || apply(mapHas, intrinsics, [value])) return false;
      seenSet(intrinsics, value, path);
      intrinsicPaths[path] = value;
      return true;
    };
    const members = (owner, path) => {
      for (const key of ownKeys(owner)) {
        if (typeof key !== "string") continue;
        const descriptor = describe(owner, key);
        if (descriptor && "value" in descriptor) note(descriptor.value, path + "." + key);
      }
    };
    for (const [name, value] of builtins) {
      if (!note(value, name)) continue;
      members(value, name);
      const prototype = typeof value === "function" && describe(value, "prototype");
      if (prototype && prototype.value && note(prototype.value, name + ".prototype")) members(prototype.value, name + ".prototype");
    }
    note(TypedArray, "%TypedArray%");
    note(TypedArray.prototype, "%TypedArray%.prototype");
    members(TypedArray.prototype, "%TypedArray%.prototype");
  };
  const builtinAt = (path) => {
    for (const [name, value] of builtins) {
      if (path === name) return value;
      if (path === name + ".prototype") return value.prototype;
    }
    indexIntrinsics();
    return intrinsicPaths[path];
  };
  const base64 = (buffer, offset, length) => {
    const bytes = new U8(buffer, offset, length);
    let text = "";
    for (let i = 0; i < length; i += 3) {
      const a = bytes[i], b = i + 1 < length ? bytes[i + 1] : 0, c = i + 2 < length ? bytes[i + 2] : 0;
      text += ALPHABET[a >> 2] + ALPHABET[((a & 3) << 4) | (b >> 4)] +
        (i + 1 < length ? ALPHABET[((b & 15) << 2) | (c >> 6)] : "=") + (i + 2 < length ? ALPHABET[c & 63] : "=");
    }
    return text;
  };
  const unbase64 = (text) => {
    const end = text.length - (text[text.length - 1] === "=" ? (text[text.length - 2] === "=" ? 2 : 1) : 0);
    const length = (end * 3) >> 2, bytes = new U8(length);
    let bits = 0, count = 0, at = 0;
    for (let i = 0; i < end; i++) {
      bits = (bits << 6) | apply(indexOf, ALPHABET, [text[i]]);
      count += 6;
      if (count >= 8) { count -= 8; bytes[at++] = (bits >> count) & 255; }
    }
    return bytes.buffer;
  };
  const is = (read, value) => { try { apply(read, value, []); return true; } catch { return false; } };
  /** A value the state cannot hold: the name it was reached from is not kept. */
  const NOT_KEPT = {};
  let reason = "";
  const refuse = (text) => { reason = text; throw NOT_KEPT; };

  // Encoding. A value is JSON itself (a string, a finite number, a boolean, null) or an array: `[i]` the node at
  // index i, `["u"]` undefined, `["N"]` NaN, `["I"]`/`["i"]` ±Infinity, `["z"]` -0, `["b", digits]` a BigInt.
  let nodes, seen, trail, size, functions, added, maxBytes;
  const encodeKey = (key) => (typeof key === "string" ? key : encode(key));
  const value = (v) => {
    if (v === null || typeof v === "boolean") return v;
    if (typeof v === "string") {
      size += v.length + 2;
      if (size > maxBytes) refuse("too large");
      return v;
    }
    if (typeof v === "number") {
      if (v !== v) return ["N"];
      if (v === 1 / 0) return ["I"];
      if (v === -1 / 0) return ["i"];
      return v === 0 && 1 / v < 0 ? ["z"] : v;
    }
    if (v === undefined) return ["u"];
    if (typeof v === "bigint") return ["b", apply(bigintText, v, [])];
    return encode(v);
  };
  // Own properties, each `[key, value]`, `[key, value, flags]` when not writable, enumerable and configurable (bits 1,
  // 2, 4), or `[key, null, flags | 8, getter, setter]` for an accessor.
  const segment = (key) => (typeof key === "string" ? "." + key : "[" + apply(StringOf, undefined, [key]) + "]");
  const properties = (object, skip, onlyEnumerable) => {
    const list = [];
    for (const key of ownKeys(object)) {
      if (skip && typeof key === "string" && skip(key)) continue;
      const d = describe(object, key);
      if (onlyEnumerable && !d.enumerable) continue;
      const flags = ("value" in d ? (d.writable ? 1 : 0) : 8) | (d.enumerable ? 2 : 0) | (d.configurable ? 4 : 0);
      try {
        const k = encodeKey(key);
        if ("value" in d) append(list, flags === 7 ? [k, value(d.value)] : [k, value(d.value), flags]);
        else append(list, [k, null, flags, value(d.get), value(d.set)]);
      } catch (error) {
        // The path to what is not kept is written as the throw unwinds, so no step pays for it otherwise.
        if (error === NOT_KEPT) trail = segment(key) + trail;
        throw error;
      }
    }
    return list;
  };
  // Plain data, the bulk of most states: an object of string keys, each writable, enumerable and configurable, is
  // written as one JSON object (`j`); an array without holes or extra keys as one JSON array (`v`). Null otherwise.
  const plainObject = (object) => {
    const keys = ownKeys(object), out = { __proto__: null };
    for (let i = 0; i < keys.length; i++) {
      const key = keys[i];
      if (typeof key !== "string") return null;
      const d = describe(object, key);
      if (!("value" in d) || !d.writable || !d.enumerable || !d.configurable) return null;
      try { out[key] = value(d.value); } catch (error) { if (error === NOT_KEPT) trail = segment(key) + trail; throw error; }
    }
    return out;
  };
  const plainArray = (list, length) => {
    const keys = ownKeys(list);
    if (keys.length !== length + 1) return null;
    const out = [];
    for (let i = 0; i < length; i++) {
      const d = describe(list, StringOf(i));
      if (!d || !("value" in d) || !d.writable || !d.enumerable || !d.configurable) return null;
      try { out[i] = value(d.value); } catch (error) { if (error === NOT_KEPT) trail = "[" + i + "]" + trail; throw error; }
    }
    return out;
  };
  const integrity = (object) => (isExtensible(object) ? 0 : isFrozen(object) ? 3 : isSealed(object) ? 2 : 1);
  const nativeSource = (text) => apply(indexOf, text, ["[native code]"]) >= 0;
  const isNative = (f) => { try { return nativeSource(apply(fnText, f, [])); } catch { return true; } };
  const encode = (v) => {
    const known = seenGet(seen, v);
    if (known !== undefined) return [known];
    if (inSet(sandbox, v)) refuse("a sandbox object");
    let builtin = seenGet(topBuiltins, v);
    // Only a built-in function says that a built-in is reached: the whole index is made then.
    if (builtin === undefined && typeof v === "function" && isNative(v)) { indexIntrinsics(); builtin = seenGet(intrinsics, v); }
    const index = nodes.length;
    seenSet(seen, v, index);
    append(added, v);
    const node = { __proto__: null };
    nodes[index] = node;
    if (builtin !== undefined) { node.t = "G"; node.path = builtin; return [index]; }
    if (typeof v === "symbol") {
      node.t = "y";
      const key = symbolKeyFor(v);
      if (key !== undefined) node.r = key;
      else { const d = apply(symbolDescription, v, []); if (d !== undefined) node.d = d; }
      return [index];
    }
    const tag = tagText(v);
    let kind = "o", skip, onlyEnumerable = false;
    if (typeof v === "function") {
      let text;
      try { text = apply(fnText, v, []); } catch { refuse("a function whose source cannot be read"); }
      if (nativeSource(text)) refuse("a built-in or bound function");
      kind = "f";
      node.s = text;
      append(functions, text);
      const name = describe(v, "name");
      if (name && typeof name.value === "string") node.n = name.value;
      skip = (key) => key === "length" || key === "name" || key === "prototype" || key === "caller" || key === "arguments";
      onlyEnumerable = true;
    } else if (isArray(v)) {
      kind = "a";
      node.l = v.length;
      skip = (key) => key === "length";
    } else if (tag === "[object Date]" && is(dateTime, v)) {
      kind = "d";
      const time = apply(dateTime, v, []);
      node.v = time === time ? time : null;
    } else if (tag === "[object RegExp]" && is(regexpSource, v)) {
      kind = "x";
      node.s = apply(regexpSource, v, []);
      node.f = apply(regexpFlags, v, []);
    } else if (tag === "[object Error]") {
      kind = "e";
      node.c = "Error";
      for (let p = getPrototypeOf(v); p !== null; p = getPrototypeOf(p)) {
        const c = describe(p, "constructor");
        const C = c && c.value;
        if (typeof C === "function" && typeof C.name === "string" && errors[C.name] === C) { node.c = C.name; break; }
      }
    } else if (tag === "[object Object]") {
      // The script's own objects and class instances: the common case, with no brand to check (a failed check throws,
      // and a throw costs QuickJS tens of microseconds).
    } else if (typed[apply(slice, tag, [8, -1])] !== undefined && is(viewBuffer, v)) {
      kind = "T";
      node.c = apply(typedTag, v, []);
      node.b = encode(apply(viewBuffer, v, []));
      node.o = apply(viewOffset, v, []);
      node.l = apply(viewLength, v, []);
      skip = (key) => key === "" + NumberOf(key) || key === "-0";
    } else if (tag === "[object DataView]" && is(dataBuffer, v)) {
      kind = "D";
      node.b = encode(apply(dataBuffer, v, []));
      node.o = apply(dataOffset, v, []);
      node.l = apply(dataLength, v, []);
    } else if (tag === "[object ArrayBuffer]" && is(bufferLength, v)) {
      kind = "B";
      const length = apply(bufferLength, v, []);
      size += length * 4 / 3;
      if (size > maxBytes) refuse("too large");
      node.b = base64(v, 0, length);
    } else if (tag === "[object Map]" && is(mapGet, v)) {
      kind = "m";
      const entries = [];
      apply(mapForEach, v, [(item, key) => { append(entries, [value(key), value(item)]); }]);
      node.e = entries;
    } else if (tag === "[object Set]" && is(setHas, v)) {
      kind = "s";
      const entries = [];
      apply(setForEach, v, [(item) => { append(entries, value(item)); }]);
      node.e = entries;
    } else if (tag === "[object Number]" && is(numberValue, v)) { kind = "X"; node.v = value(apply(numberValue, v, [])); }
    else if (tag === "[object String]" && is(stringValue, v)) {
      kind = "X";
      node.v = apply(stringValue, v, []);
      skip = (key) => key === "length" || key === "" + NumberOf(key);
    } else if (tag === "[object Boolean]" && is(booleanValue, v)) { kind = "X"; node.v = apply(booleanValue, v, []); }
    else if (tag === "[object BigInt]" && is(bigintValue, v)) { kind = "X"; node.v = value(apply(bigintValue, v, [])); }
    else if (tag === "[object Symbol]") refuse("a boxed Symbol");
    else if (tag === "[object Promise]") refuse("a Promise");
    else if (tag === "[object WeakMap]" || tag === "[object WeakSet]" || tag === "[object WeakRef]" || tag === "[object FinalizationRegistry]") refuse("a " + apply(slice, tag, [8, -1]));
    else if (tag === "[object Generator]" || tag === "[object AsyncGenerator]" || apply(indexOf, tag, [" Iterator]"]) >= 0) refuse("an iterator or generator");
    else if (tag === "[object Arguments]") refuse("an arguments object");
    node.t = kind;
    if (kind !== "f") {
      const prototype = getPrototypeOf(v);
      if (prototype !== defaultPrototype(node)) node.p = prototype === null ? null : prototypeValue(prototype);
    }
    const plain = kind === "o" && node.p === undefined && isExtensible(v) ? plainObject(v) : kind === "a" && isExtensible(v) ? plainArray(v, node.l) : null;
    if (plain === null) node.k = properties(v, skip, onlyEnumerable);
    else if (kind === "o") node.j = plain;
    else { node.v = plain; delete node.l; }
    const z = integrity(v);
    if (z !== 0) node.z = z;
    size += 24 + (node.k ? node.k.length * 16 : 0) + (node.s ? node.s.length : 0) + (node.e ? node.e.length * 8 : 0) + (node.v && isArray(node.v) ? node.v.length * 8 : 0);
    if (size > maxBytes) refuse("too large");
    return [index];
  };
  // The prototype of a class's instances is the class's `prototype`, restored with the class from its source; its own
  // enumerable properties (methods assigned to it) are kept beside it.
  const prototypeValue = (prototype) => {
    const known = seenGet(seen, prototype);
    if (known !== undefined) return [known];
    const constructor = describe(prototype, "constructor");
    const owner = constructor && typeof constructor.value === "function" ? constructor.value : undefined;
    const own = owner && describe(owner, "prototype");
    if (!own || own.value !== prototype) return encode(prototype);
    const index = nodes.length;
    seenSet(seen, prototype, index);
    append(added, prototype);
    // An instance of the sandbox's own class (a caught ToolCallError): its prototype is that class's in the next realm.
    if (inSet(sandbox, owner)) {
      for (const name of sandboxNames) {
        const d = describe(global, name);
        if (d && d.value === owner) { nodes[index] = { __proto__: null, t: "S", n: name }; return [index]; }
      }
    }
    const node = { __proto__: null, t: "P" };
    nodes[index] = node;
    try {
      node.f = encode(owner);
      node.k = properties(prototype, (key) => key === "constructor", true);
    } catch (error) {
      if (error === NOT_KEPT) trail = ".prototype" + trail;
      throw error;
    }
    return [index];
  };
  const defaultPrototype = (node) => {
    switch (node.t) {
      case "a": return Array.prototype;
      case "d": return Date.prototype;
      case "x": return RegExp.prototype;
      case "e": return errors[node.c].prototype;
      case "T": return typed[node.c].prototype;
      case "D": return DataView.prototype;
      case "B": return ArrayBuffer.prototype;
      case "m": return Map.prototype;
      case "s": return Set.prototype;
      case "X": return getPrototypeOf(O(node.v));
      default: return O.prototype;
    }
  };
  let sandbox;

  /**
   * The state: `{ v: 1, g: [[name, value]], n: [node] }` as JSON text, a line break, then the JSON of the names not
   * kept with why, the sources of the functions kept (the host checks that none closes over an inner scope) and the
   * global names there are now (the realm's own and the script's).
   */
  const snapshot = (limit) => {
    maxBytes = limit;
    nodes = []; seen = new MapOf(); size = 0; functions = [];
    sandbox = new SetOf();
    for (const name of sandboxNames) {
      const d = describe(global, name);
      if (d && "value" in d && d.value !== null && (typeof d.value === "object" || typeof d.value === "function")) toSet(sandbox, d.value);
    }
    const names = [], notKept = [];
    for (const name of ownKeys(global)) {
      if (typeof name !== "string" || inSet(baseline, name)) continue;
      const start = nodes.length, fnStart = functions.length, sizeStart = size;
      added = [];
      trail = "";
      try {
        const d = describe(global, name);
        if (!("value" in d)) refuse("a getter or setter on the global object");
        append(names, [name, value(d.value)]);
      } catch (error) {
        if (error !== NOT_KEPT) reason = "reading it threw";
        // What this name added goes: another name may still reach it, and then says so itself.
        for (const object of added) apply(mapDelete, seen, [object]);
        nodes.length = start;
        functions.length = fnStart;
        append(notKept, [name, reason === "too large" ? name + " would take the state over " + maxBytes + " characters (sessions.maxStateBytes)" : name + trail + " is " + reason]);
        size = sizeStart;
      }
    }
    const text = stringify({ v: 1, g: names, n: nodes });
    const globals = [];
    for (const name of ownKeys(global)) if (typeof name === "string") append(globals, name);
    // JSON text never holds a raw line break: the state, then what the host checks.
    return text + "\n" + stringify([notKept, functions, globals]);
  };

  // Decoding: every node is made first (functions from their source, at the top level), then filled in.
  const restored = [];
  const restore = (text) => {
    const state = parse(text);
    const made = [], failed = [];
    const ref = (v) => {
      if (!isArray(v)) return v;
      if (typeof v[0] === "number") return made[v[0]];
      switch (v[0]) {
        case "u": return undefined;
        case "N": return 0 / 0;
        case "I": return 1 / 0;
        case "i": return -1 / 0;
        case "z": return -0;
        default: return BigIntOf(v[1]);
      }
    };
    const list = state.n;
    const evaluate = (source) => {
      try { return indirectEval("(" + source + ")"); } catch {
        // A method, getter or setter is not an expression by itself: it is one inside an object literal.
        const holder = indirectEval("({" + source + "})");
        const d = describe(holder, ownKeys(holder)[0]);
        return "value" in d ? d.value : d.get || d.set;
      }
    };
    for (let i = 0; i < list.length; i++) {
      const node = list[i];
      switch (node.t) {
        case "G": made[i] = builtinAt(node.path); break;
        case "y": made[i] = node.r !== undefined ? symbolFor(node.r) : SymbolOf(node.d); break;
        case "B": made[i] = unbase64(node.b); break;
        case "o": made[i] = {}; break;
        case "a": made[i] = []; break;
        case "d": made[i] = new DateOf(node.v === null ? 0 / 0 : node.v); break;
        case "x": made[i] = new RegExpOf(node.s, node.f); break;
        case "e": made[i] = new errors[node.c](); break;
        case "m": made[i] = new MapOf(); break;
        case "s": made[i] = new SetOf(); break;
        case "X": made[i] = O(ref(node.v)); break;
        case "S": {
          // Read through the sandbox's getter, which makes the class; without it (another call style) an Error.
          const C = global[node.n];
          made[i] = typeof C === "function" && C.prototype ? C.prototype : Error.prototype;
          break;
        }
        default: break;
      }
    }
    for (let i = 0; i < list.length; i++) {
      const node = list[i];
      if (node.t === "T") made[i] = new typed[node.c](made[node.b[0]], node.o, node.l);
      if (node.t === "D") made[i] = new DataViewOf(made[node.b[0]], node.o, node.l);
    }
    // Functions before the names that hold them are assigned: a class's `extends` reads a global when it is evaluated.
    const pending = [];
    for (let i = 0; i < list.length; i++) if (list[i].t === "f") append(pending, i);
    for (const [name, v] of state.g) if (!isArray(v) || typeof v[0] !== "number" || list[v[0]].t !== "f") global[name] = ref(v);
    const byRoot = new MapOf();
    for (const [name, v] of state.g) if (isArray(v) && typeof v[0] === "number" && list[v[0]].t === "f") apply(mapSet, byRoot, [v[0], name]);
    for (let progress = true; progress && pending.length > 0; ) {
      progress = false;
      for (let j = 0; j < pending.length; j++) {
        const i = pending[j];
        try {
          const fn = evaluate(list[i].s);
          if (typeof fn !== "function") throw new TypeError("not a function");
          made[i] = fn;
          append(restored, list[i].s);
          if (list[i].n !== undefined && fn.name !== list[i].n) define(fn, "name", { value: list[i].n, configurable: true });
          const name = seenGet(byRoot, i);
          if (name !== undefined) global[name] = fn;
          pending.splice(j--, 1);
          progress = true;
        } catch (error) {
          list[i].error = error && typeof error.message === "string" ? error.message : "it threw";
        }
      }
    }
    // A node is lost with every node that reaches it: a function that could not be evaluated again takes with it
    // its prototype, its instances and whatever holds them.
    const broken = new SetOf();
    for (const i of pending) toSet(broken, i);
    const refsOf = (node) => {
      const out = [];
      const add = (v) => { if (isArray(v) && typeof v[0] === "number") append(out, v[0]); };
      add(node.p); add(node.f); add(node.b);
      if (node.t === "a" && node.v) for (const item of node.v) add(item); else add(node.v);
      if (node.j) for (const key of ownKeys(node.j)) add(node.j[key]);
      if (node.k) for (const [key, v, , get, set] of node.k) { add(key); add(v); add(get); add(set); }
      if (node.e) for (const entry of node.e) { if (node.t === "m") { add(entry[0]); add(entry[1]); } else add(entry); }
      return out;
    };
    for (let grew = broken.size > 0; grew; ) {
      grew = false;
      for (let i = 0; i < list.length; i++) {
        if (inSet(broken, i)) continue;
        for (const j of refsOf(list[i])) if (inSet(broken, j)) { toSet(broken, i); grew = true; break; }
      }
    }
    for (const i of pending) list[i].lost = list[i].error;
    for (let i = 0; i < list.length; i++) if (inSet(broken, i)) made[i] = undefined;
    for (let i = 0; i < list.length; i++) if (list[i].t === "P" && !inSet(broken, i)) made[i] = made[list[i].f[0]].prototype;
    for (let i = 0; i < list.length; i++) {
      const node = list[i], object = made[i];
      if (object === undefined || inSet(broken, i) || node.t === "G" || node.t === "y" || node.t === "S") continue;
      if (node.p !== undefined) setPrototypeOf(object, node.p === null ? null : ref(node.p));
      if (node.t === "e") { for (const key of ownKeys(object)) delete object[key]; }
      if (node.t === "a" && node.v) {
        for (let j = 0; j < node.v.length; j++) object[j] = ref(node.v[j]);
        continue;
      }
      if (node.j) {
        for (const key of ownKeys(node.j)) {
          // Assigning `__proto__` would set the prototype: that key alone is defined.
          if (key === "__proto__") define(object, key, { value: ref(node.j[key]), writable: true, enumerable: true, configurable: true });
          else object[key] = ref(node.j[key]);
        }
        continue;
      }
      if (node.t === "a") object.length = node.l;
      if (node.t === "m") for (const [key, item] of node.e) seenSet(object, ref(key), ref(item));
      if (node.t === "s") for (const item of node.e) toSet(object, ref(item));
      for (const [key, v, flags = 7, get, set] of node.k) {
        const k = typeof key === "string" ? key : ref(key);
        const configurable = (flags & 4) !== 0, enumerable = (flags & 2) !== 0;
        if (flags & 8) define(object, k, { get: ref(get), set: ref(set), enumerable, configurable });
        else define(object, k, { value: ref(v), writable: (flags & 1) !== 0, enumerable, configurable });
      }
    }
    for (let i = 0; i < list.length; i++) {
      const z = list[i].z, object = made[i];
      if (z === 3) freeze(object); else if (z === 2) seal(object); else if (z === 1) preventExtensions(object);
    }
    // Assigned last, so a name whose function failed is said to be lost, not left half made.
    for (const [name, v] of state.g) {
      if (!isArray(v) || typeof v[0] !== "number") continue;
      if (apply(setHas, broken, [v[0]])) {
        let cause = "";
        for (const i of pending) if (cause === "") cause = list[i].s.slice(0, 40) + ": " + list[i].error;
        append(failed, [name, "a function in it could not be evaluated again (" + cause + ")"]);
        delete global[name];
      } else global[name] = made[v[0]];
    }
    return stringify(failed);
  };
  return { snapshot, restore, restored: () => stringify(restored) };
})
