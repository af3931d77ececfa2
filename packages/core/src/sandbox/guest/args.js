// Defines `args`, deeply frozen. Evaluated as one expression (see tools.js).
/** @type {import("./guest-pieces.js").ArgsPiece} */
(function (text, configurable) {
  "use strict";
  const freeze = Object.freeze, keys = Object.keys;
  /** @type {(value: any) => unknown} */
  const deep = (value) => {
    if (value !== null && typeof value === "object") {
      freeze(value);
      const names = keys(value);
      // @ts-expect-error: every index is below names.length
      for (let index = 0; index < names.length; index++) deep(value[names[index]]);
    }
    return value;
  };
  Object.defineProperty(globalThis, "args", { value: deep(JSON.parse(text)), configurable: configurable === true });
})
