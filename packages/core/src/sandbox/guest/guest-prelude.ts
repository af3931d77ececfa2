// QuickJS parses about 100 µs a kilobyte here, more than a whole trivial run costs, so nothing is compiled up front:
// `tools`, `catalog` and `console` start as getters on globalThis, and the first read compiles the piece below that
// defines them as plain values. The native function `host(kind, ...)` answers "tool" | "catalog" | "files" with a call id
// (or, for a call it refuses at once, the envelope's JSON text), "invalid" with that text too, "log" with nothing,
// "show" with a value's JSON text, "bytes" with an ArrayBuffer and "encode" with an ArrayBuffer's base64 text.

/**
 * Guest JavaScript for `tools`, `catalog` and `files`: a function of `(host, withCatalog, values, withFiles)` that
 * defines them (a Uint8Array in arguments crosses as base64 through `host("encode", buffer)`)
 * and returns `deliver(text, bytes)`, which the worker calls once per batch of replies (`[[callId, envelope], ...]`
 * as JSON text) to settle the promises the calls returned. With `values` (the value call style) a tool call resolves
 * to the envelope's data or rejects with a `ToolCallError`, whose stack is the call's own so that an uncaught one
 * points at the line that made the call; catalog calls stay envelopes.
 */
export const GUEST_TOOLS_SOURCE = String.raw`(function (host, withCatalog, values, withFiles) {
  "use strict";
  const stringify = JSON.stringify, parse = JSON.parse, freeze = Object.freeze, define = Object.defineProperty;
  const create = Object.create, ProxyOf = Proxy, ErrorOf = Error, TypeErrorOf = TypeError, Bytes = Uint8Array;
  const PromiseOf = Promise, waiting = create(null);
  class ToolCallError extends ErrorOf {
    constructor(tool, error, stack) {
      const failure = error || {};
      super(tool + " failed: " + failure.code + ": " + failure.message);
      this.code = failure.code;
      this.retryable = failure.retryable === true;
      this.tool = tool;
      if (typeof stack === "string") define(this, "stack", { value: stack, writable: true, configurable: true });
    }
  }
  define(ToolCallError.prototype, "name", { value: "ToolCallError", writable: true, configurable: true });
  if (values) define(globalThis, "ToolCallError", { value: ToolCallError });
  const BYTES = "\u0000codemode.bytes";
  const encode = (key, value) => {
    const type = typeof value;
    if (type === "function" || type === "symbol" || type === "bigint") {
      throw new TypeErrorOf((key === "" ? "the arguments" : "property \"" + key + "\"") + " is a " + type);
    }
    return value;
  };
  // Only file writes take bytes: a tool's arguments stay plain JSON, as its schema describes them.
  const encodeFiles = (key, value) => {
    if (!(value instanceof Bytes)) return encode(key, value);
    const marked = create(null);
    marked[BYTES] = host("encode", value.buffer.slice(value.byteOffset, value.byteOffset + value.byteLength));
    return marked;
  };
  const call = (kind, name, args) => {
    const stack = new ErrorOf().stack;
    const open = values && kind === "tool"
      ? (envelope, resolve, reject) => (envelope.ok ? resolve(envelope.data) : reject(new ToolCallError(name, envelope.error, stack)))
      : (envelope, resolve) => resolve(envelope);
    let text;
    try {
      text = stringify(args === undefined ? {} : args, kind === "files" ? encodeFiles : encode);
    } catch (error) {
      const answer = host("invalid", name, "Arguments are not JSON: " + (error && error.message) + ".", stack);
      return new PromiseOf((resolve, reject) => open(parse(answer), resolve, reject));
    }
    const id = host(kind, name, text, stack);
    return new PromiseOf((resolve, reject) => {
      if (typeof id === "string") open(parse(id), resolve, reject);
      else waiting[id] = (envelope) => open(envelope, resolve, reject);
    });
  };
  const refuse = () => { throw new TypeErrorOf("tools cannot be changed or enumerated; use catalog to find tools."); };
  const hidden = (key) => typeof key !== "string" || key === "then" || key === "toJSON" || key === "constructor" ||
    key === "prototype" || key === "__proto__";
  const traps = (get, apply) => ({ get, apply, set: refuse, defineProperty: refuse, deleteProperty: refuse,
    ownKeys: refuse, setPrototypeOf: refuse, preventExtensions: refuse, getPrototypeOf: () => null });
  const made = create(null);
  // An arrow function target: callable, without "prototype", and unfrozen so "name" or "length" may be tool names.
  const path = (name) => made[name] || (made[name] = new ProxyOf(() => {}, traps(
    (_, key) => (hidden(key) ? undefined : path(name + "." + key)), (_, self, args) => call("tool", name, args[0]))));
  const space = (name) => made[name] || (made[name] = new ProxyOf(freeze(create(null)), traps(
    (_, key) => (hidden(key) ? undefined : path(name + "." + key)))));
  define(globalThis, "tools", { value: new ProxyOf(freeze(create(null)), traps((_, key) => (hidden(key) ? undefined : space(key)))) });
  if (withCatalog) {
    const operation = (name) => (args) => call("catalog", name, args);
    define(globalThis, "catalog", { value: freeze({ search: operation("search"), list: operation("list"),
      count: operation("count"), describe: operation("describe"), toolkits: operation("toolkits") }) });
  }
  if (withFiles) {
    const operation = (name) => (args) => call("files", name, args);
    define(globalThis, "files", { value: freeze({ read: operation("read"), write: operation("write"),
      list: operation("list"), remove: operation("remove") }) });
  }
  const revive = (_, value) =>
    value !== null && typeof value === "object" && typeof value[BYTES] === "string" ? new Bytes(host("bytes", value[BYTES])) : value;
  return (text, bytes) => {
    const replies = bytes ? parse(text, revive) : parse(text);
    for (let index = 0; index < replies.length; index++) {
      const id = replies[index][0], resolve = waiting[id];
      delete waiting[id];
      if (resolve) resolve(replies[index][1]);
    }
  };
})`.replace(/\n\s+/g, "\n");

/** Guest JavaScript for `console`: a function of `(host)` that defines the global. */
export const GUEST_CONSOLE_SOURCE = String.raw`(function (host) {
  "use strict";
  const write = function () {
    let line = "";
    for (let index = 0; index < arguments.length; index++) {
      const value = arguments[index];
      line += (index === 0 ? "" : " ") + (typeof value === "string" ? value : host("show", value));
    }
    host("log", line);
  };
  Object.defineProperty(globalThis, "console", { value: Object.freeze({ log: write, info: write, warn: write,
    error: write, debug: write }), writable: true, configurable: true });
})`.replace(/\n\s+/g, "\n");

/**
 * Guest JavaScript for `args`: a function of `(text, configurable)` that defines the global as the deeply frozen
 * parse of `text`; configurable in a session, whose next run defines it again.
 */
export const GUEST_ARGS_SOURCE = String.raw`(function (text, configurable) {
  "use strict";
  const freeze = Object.freeze, keys = Object.keys;
  const deep = (value) => {
    if (value !== null && typeof value === "object") {
      freeze(value);
      const names = keys(value);
      for (let index = 0; index < names.length; index++) deep(value[names[index]]);
    }
    return value;
  };
  Object.defineProperty(globalThis, "args", { value: deep(JSON.parse(text)), configurable: configurable === true });
})`.replace(/\n\s+/g, "\n");
