// Defines one namespace of operations on the host (`catalog`, `files`, `resources`), each a call through tools.js.
// Evaluated as one expression (see tools.js).
/** @type {import("./guest-pieces.js").NamespacePiece} */
(function (tools, kind) {
  "use strict";
  // The operations' names follow `kind` (a rest parameter would not be allowed beside "use strict").
  const define = Object.defineProperty, operations = {}, names = arguments;
  for (let index = 2; index < names.length; index++) {
    const name = /** @type {string} */ (names[index]);
    define(operations, name, { value: (/** @type {unknown} */ args) => tools.call(kind, name, args), enumerable: true });
  }
  define(globalThis, kind, { value: Object.freeze(operations) });
})
