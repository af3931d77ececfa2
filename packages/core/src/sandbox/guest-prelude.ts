// QuickJS parses about 100 µs a kilobyte here, more than a whole trivial run costs, so nothing is compiled up front:
// `tools`, `catalog` and `console` start as getters on globalThis, and the first read compiles the piece below that
// defines them as plain values. The native function `host(kind, ...)` answers "tool" | "catalog" | "invalid" with a
// promise, "log" with nothing, "show" with a value's JSON text and "bytes" with an ArrayBuffer.

/**
 * Guest JavaScript for `tools` and `catalog`: a function of `(host, withCatalog)` that defines both globals and
 * returns `decode(text, bytes)`, which the worker keeps to turn reply texts into envelope objects.
 */
export const GUEST_TOOLS_SOURCE = String.raw`(function (host, withCatalog) {
  "use strict";
  const stringify = JSON.stringify, parse = JSON.parse, freeze = Object.freeze, define = Object.defineProperty;
  const create = Object.create, ProxyOf = Proxy, ErrorOf = Error, TypeErrorOf = TypeError, Bytes = Uint8Array;
  const encode = (key, value) => {
    const type = typeof value;
    if (type === "function" || type === "symbol" || type === "bigint") {
      throw new TypeErrorOf((key === "" ? "the arguments" : "property \"" + key + "\"") + " is a " + type);
    }
    return value;
  };
  const call = (kind, name, args) => {
    const stack = new ErrorOf().stack;
    let text;
    try {
      text = stringify(args === undefined ? {} : args, encode);
    } catch (error) {
      return host("invalid", name, "Arguments are not JSON: " + (error && error.message) + ".", stack);
    }
    return host(kind, name, text, stack);
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
  const BYTES = "\u0000codemode.bytes";
  const revive = (_, value) =>
    value !== null && typeof value === "object" && typeof value[BYTES] === "string" ? new Bytes(host("bytes", value[BYTES])) : value;
  return (text, bytes) => (bytes ? parse(text, revive) : parse(text));
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
