// Defines `console`, whose lines go to the host. Evaluated as one expression (see tools.js).
/** @type {import("./guest-pieces.js").ConsolePiece} */
(function (host) {
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
})
