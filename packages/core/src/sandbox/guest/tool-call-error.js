// Defines `ToolCallError`, what a failed tool call rejects with in the value call style, and returns it for tools.js.
// Evaluated as one expression (see tools.js).
/** @type {import("./guest-pieces.js").ToolCallErrorPiece} */
(function () {
  "use strict";
  const define = Object.defineProperty;
  class ToolCallError extends Error {
    /** @param {string} tool @param {{ code?: string, message?: string, retryable?: boolean } | undefined} error @param {string | undefined} stack */
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
  define(globalThis, "ToolCallError", { value: ToolCallError });
  return ToolCallError;
})
