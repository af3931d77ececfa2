import { describe, expect, it } from "vitest";
import { CodeModeError, isCodeModeError } from "./code-mode-error.js";

describe("CodeModeError", () => {
  it("is an Error with a code, a message and the code's default retryability", () => {
    const error = new CodeModeError("UNAVAILABLE", "CRM is down.");
    expect(error).toBeInstanceOf(Error);
    expect(error).toMatchObject({ name: "CodeModeError", code: "UNAVAILABLE", message: "CRM is down.", retryable: true });
    expect(new CodeModeError("NOT_FOUND", "x").retryable).toBe(false);
  });

  it("takes details, a cause and a retryability that overrides the table's", () => {
    const cause = new Error("socket hang up");
    const error = new CodeModeError("TOOL_ERROR", "x", { details: { key: "a.b" }, retryable: true, cause });
    expect(error).toMatchObject({ retryable: true, details: { key: "a.b" }, cause });
  });
});

describe("isCodeModeError", () => {
  it("recognises the class, also from another copy of the package, and nothing else", () => {
    const foreign = Object.assign(new Error("x"), { name: "CodeModeError", code: "CLOSED" });
    expect(isCodeModeError(new CodeModeError("CLOSED", "x"))).toBe(true);
    expect(isCodeModeError(foreign)).toBe(true);
    expect(isCodeModeError(Object.assign(new Error("x"), { name: "CodeModeError", code: "NOT_A_CODE" }))).toBe(false);
    expect(isCodeModeError(new Error("x"))).toBe(false);
    expect(isCodeModeError({ name: "CodeModeError", code: "CLOSED", message: "x" })).toBe(false);
  });
});
