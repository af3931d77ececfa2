// Defines `tools` and returns the calls' plumbing, which the namespace and globals pieces build on (namespace.js,
// script-globals.js). In the value call style a failed tool call rejects with a `ToolCallErrorOf` (tool-call-error.js).
// QuickJS evaluates this file as one expression: the lines above its first line that opens a parenthesis are for
// the type checker and the linter, and are not part of the evaluated text.
/** @type {import("./guest-pieces.js").ToolsPiece} */
(function (host, ToolCallErrorOf) {
  "use strict";
  const stringify = JSON.stringify, parse = JSON.parse, freeze = Object.freeze, define = Object.defineProperty;
  const create = Object.create, ProxyOf = Proxy, ErrorOf = Error, TypeErrorOf = TypeError, Bytes = Uint8Array;
  const PromiseOf = Promise, waiting = create(null);
  const BYTES = "\u0000codemode.bytes";
  /** @type {(value: Uint8Array) => string} */
  const base64 = (value) => host("encode", value.buffer.slice(value.byteOffset, value.byteOffset + value.byteLength));
  // Bytes in a tool's arguments (an image a script passes on) travel as base64 text, as JSON Schema's
  // contentEncoding and MCP's own blocks carry binary data; anything else stays plain JSON.
  /** @type {(key: string, value: unknown) => unknown} */
  const encode = (key, value) => {
    const type = typeof value;
    if (type === "function" || type === "symbol" || type === "bigint") {
      throw new TypeErrorOf((key === "" ? "the arguments" : "property \"" + key + "\"") + " is a " + type);
    }
    return value instanceof Bytes ? base64(value) : value;
  };
  // File writes take the bytes themselves, marked so that the host writes them as they are.
  /** @type {(key: string, value: unknown) => unknown} */
  const encodeFiles = (key, value) => {
    if (!(value instanceof Bytes)) return encode(key, value);
    const marked = create(null);
    marked[BYTES] = base64(value);
    return marked;
  };
  // The stack is the call's own, taken as near the script as can be: QuickJS formats every frame of it, each the
  // dearer the longer its function, and `call` is the longest here.
  /** @type {(kind: "tool" | "catalog" | "files" | "resources", name: string, args: unknown, options?: any, stack?: string) => Promise<unknown>} */
  const call = (kind, name, args, options, stack = new ErrorOf().stack) => {
    // `{ content: true }` asks for the blocks the data leaves out (images, audio, resources) in `meta.content`.
    const content = kind === "tool" && options !== null && typeof options === "object" && options.content === true;
    const values = ToolCallErrorOf !== undefined && kind === "tool";
    let text, invalid;
    try {
      text = stringify(args === undefined ? {} : args, kind === "files" ? encodeFiles : encode);
    } catch (error) {
      // @ts-expect-error: whatever was thrown, its message (if any) is shown
      invalid = "Arguments are not JSON: " + (error && error.message) + ".";
    }
    // A call the host refuses at once is answered with its envelope's text, the others with an id for `deliver`. The
    // content flag goes only when asked for: each argument is one more read on the host's side.
    const id = invalid !== undefined ? host("invalid", name, invalid, stack)
      : content ? host(kind, name, /** @type {string} */ (text), stack, "content") : host(kind, name, /** @type {string} */ (text), stack);
    return new PromiseOf((resolve, reject) => {
      // The envelope as it is, or in the value call style its data or a ToolCallErrorOf.
      /** @type {(envelope: any) => void} */
      const open = values
        ? (envelope) => (envelope.ok ? resolve(content ? { data: envelope.data, content: (envelope.meta && envelope.meta.content) || [] } : envelope.data)
          : reject(new (/** @type {NonNullable<typeof ToolCallErrorOf>} */ (ToolCallErrorOf))(name, envelope.error, stack)))
        : resolve;
      if (typeof id === "string") open(parse(id));
      else waiting[id] = open;
    });
  };
  const refuse = () => { throw new TypeErrorOf("tools cannot be changed or enumerated; use catalog to find tools."); };
  /** @type {(key: string | symbol) => boolean} */
  const hidden = (key) => typeof key !== "string" || key === "then" || key === "toJSON" || key === "constructor" ||
    key === "prototype" || key === "__proto__";
  /** @type {(get: (target: any, key: any) => any, apply?: (target: any, self: any, args: any[]) => any) => ProxyHandler<any>} */
  const traps = (get, apply) => ({ get, apply, set: refuse, defineProperty: refuse, deleteProperty: refuse,
    ownKeys: refuse, setPrototypeOf: refuse, preventExtensions: refuse, getPrototypeOf: () => null });
  const made = create(null);
  // The target is the call itself, an arrow function: callable without an apply trap (QuickJS gathers a trap's
  // arguments into an array on every call), without "prototype", and unfrozen so "name" or "length" may be tool names.
  /** @type {(name: string) => any} */
  const path = (name) => made[name] || (made[name] = new ProxyOf((/** @type {unknown} */ args, /** @type {unknown} */ options) =>
    call("tool", name, args, options, new ErrorOf().stack), traps((_, key) => (hidden(key) ? undefined : path(name + "." + key)))));
  // tools.<key> is a namespace and, for a flat tool, the tool itself, so it is callable too.
  define(globalThis, "tools", { value: new ProxyOf(freeze(create(null)), traps((_, key) => (hidden(key) ? undefined : path(key)))) });
  /** @type {(key: string, value: any) => unknown} */
  const revive = (_, value) =>
    value !== null && typeof value === "object" && typeof value[BYTES] === "string" ? new Bytes(host("bytes", value[BYTES])) : value;
  /** @type {(text: string, bytes: boolean) => void} */
  const deliver = (text, bytes) => {
    const replies = bytes ? parse(text, revive) : parse(text);
    for (let index = 0; index < replies.length; index++) {
      const id = replies[index][0], resolve = waiting[id];
      delete waiting[id];
      if (resolve) resolve(replies[index][1]);
    }
  };
  return { deliver, call, path, traps, hidden };
})
