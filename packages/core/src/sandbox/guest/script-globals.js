// Defines the run's own globals: each reaches its tool or namespace as `tools.<name>` does. The script may add
// members of its own (a host's prelude adds helpers to a namespace); they are read before the tools'.
// Evaluated as one expression (see tools.js).
/** @type {import("./guest-pieces.js").ScriptGlobalsPiece} */
(function (tools, globalNames) {
  "use strict";
  const create = Object.create, define = Object.defineProperty, ProxyOf = Proxy;
  const { call, path, traps, hidden } = tools;
  /** @type {(name: string) => any} */
  const scriptGlobal = (name) => {
    const added = create(null);
    return new ProxyOf(() => {}, { ...traps((_, key) => (key in added ? added[key] : hidden(key) ? undefined : path(name + "." + key)),
      (_, self, args) => call("tool", name, args[0], args[1])), set: (_, key, value) => ((added[key] = value), true) });
  };
  /** @type {string[]} */
  const names = JSON.parse(globalNames);
  for (let index = 0; index < names.length; index++) {
    // @ts-expect-error: every index is below names.length
    define(globalThis, names[index], { value: scriptGlobal(names[index]), writable: true, configurable: true });
  }
})
