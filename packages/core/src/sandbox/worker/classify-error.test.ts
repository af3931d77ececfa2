import { describe, expect, it } from "vitest";
import { classifyError } from "./classify-error.js";

const MiB = 1024 * 1024;

describe("classifyError", () => {
  it("names out-of-memory errors MemoryLimitExceeded with the limit", () => {
    const error = classifyError({ name: "InternalError", message: "out of memory", stack: null }, false, 8 * MiB);
    expect(error).toEqual({ kind: "MemoryLimitExceeded", message: "Script ran out of memory (limit 8 MiB); limits.memoryBytes raises it.", stack: null });
  });

  it("names stack exhaustion StackOverflow", () => {
    const error = classifyError({ name: "InternalError", message: "stack overflow", stack: "s" }, false, MiB);
    expect(error.kind).toBe("StackOverflow");
    const ng = classifyError({ name: "RangeError", message: "Maximum call stack size exceeded", stack: "s" }, false, MiB);
    expect(ng.kind).toBe("StackOverflow");
  });

  it("names a SyntaxError while compiling a ParseError, and one thrown later a ScriptError", () => {
    const thrown = { name: "SyntaxError", message: "unexpected token", stack: null };
    expect(classifyError(thrown, true, MiB).kind).toBe("ParseError");
    expect(classifyError(thrown, false, MiB)).toMatchObject({ kind: "ScriptError", message: "SyntaxError: unexpected token" });
  });

  it("reports anything else as a ScriptError, even without a name", () => {
    expect(classifyError({ name: null, message: "boom", stack: null }, false, MiB)).toMatchObject({ kind: "ScriptError", message: "boom" });
    expect(classifyError({ name: null, message: null, stack: null }, false, MiB).message).toBe("Script threw an error.");
  });

  it("names an uncaught ToolCallError ToolCallFailed only under the value call style", () => {
    const thrown = { name: "ToolCallError", message: "billing.charge failed: tool_error: declined", stack: "s" };
    expect(classifyError(thrown, false, MiB, true)).toEqual({ kind: "ToolCallFailed", message: thrown.message, stack: "s" });
    expect(classifyError(thrown, false, MiB).kind).toBe("ScriptError");
  });
});
