import { describe, expect, it } from "vitest";
import { CodeModeError } from "./code-mode-error.js";
import { ERROR_CODES, toCallErrorCode, type CodeModeErrorCode } from "./error-codes.js";
import { toErrorData } from "./to-error-data.js";

describe("toErrorData", () => {
  it("gives a CodeModeError's code lower-case, with its retryability", () => {
    expect(toErrorData(new CodeModeError("UNAVAILABLE", "CRM is down."))).toEqual({ code: "unavailable", message: "CRM is down.", retryable: true });
    expect(toErrorData(new CodeModeError("TIMEOUT", "Slow.", { retryable: false }))).toEqual({ code: "timeout", message: "Slow.", retryable: false });
  });

  it("keeps stacks, causes and details on the host side", () => {
    const error = new CodeModeError("TOOL_ERROR", "Failed.", { details: { path: "/home/me/secret" }, cause: new Error("/etc/passwd") });
    expect(Object.keys(toErrorData(error)).sort()).toEqual(["code", "message", "retryable"]);
    expect(JSON.stringify(toErrorData(error))).not.toContain("/");
  });

  it("turns an AbortError into cancelled and anything else into tool_error with its message", () => {
    const abort = Object.assign(new Error("This operation was aborted"), { name: "AbortError" });
    expect(toErrorData(abort)).toEqual({ code: "cancelled", message: "The call was cancelled.", retryable: false });
    expect(toErrorData(new TypeError("x is not a function"))).toEqual({ code: "tool_error", message: "x is not a function", retryable: false });
    expect(toErrorData("plain text")).toMatchObject({ code: "tool_error", message: "plain text" });
    expect(toErrorData({ code: "unavailable" })).toEqual({ code: "tool_error", message: "The tool failed.", retryable: false });
    expect(toErrorData(new Error(""))).toMatchObject({ message: "The tool failed." });
  });

  it("gives tool_error for a thrown value that throws when read: a message getter, a revoked Proxy, an odd object", () => {
    const getter = new Error("hidden");
    Object.defineProperty(getter, "message", { get: () => { throw new Error("boom"); } });
    const { proxy, revoke } = Proxy.revocable(new Error("gone"), {});
    revoke();
    const named = Object.defineProperty(new Error("x"), "name", { get: () => { throw new Error("boom"); } });
    const code = Object.assign(new CodeModeError("TIMEOUT", "t"), {});
    Object.defineProperty(code, "code", { get: () => { throw new Error("boom"); } });
    const notText = Object.assign(new Error("x"), { message: { toString: () => { throw new Error("boom"); } } });
    const hostile = new Proxy({}, { getPrototypeOf: () => { throw new Error("boom"); }, get: () => { throw new Error("boom"); } });
    for (const thrown of [getter, proxy, named, code, notText, hostile, Symbol("s"), 12n, null, undefined]) {
      expect(toErrorData(thrown)).toEqual({ code: "tool_error", message: "The tool failed.", retryable: false });
    }
  });

  it("gives a host-only code to a script as tool_error", () => {
    expect(toErrorData(new CodeModeError("INVALID_OPTIONS", "Bad option."))).toMatchObject({ code: "tool_error", message: "Bad option." });
  });
});

describe("toCallErrorCode", () => {
  it("spells every call code lower-case and every other code tool_error", () => {
    for (const code of Object.keys(ERROR_CODES) as CodeModeErrorCode[]) {
      const expected = ERROR_CODES[code].surface === "call" ? code.toLowerCase() : "tool_error";
      expect(toCallErrorCode(code), code).toBe(expected);
    }
  });
});
