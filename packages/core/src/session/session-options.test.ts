import { describe, expect, it } from "vitest";
import { isCodeModeError } from "../errors/index.js";
import { DEFAULT_SESSION_OPTIONS, readSessionOptions, readSessionTarget } from "./session-options.js";

const codeOf = (run: () => unknown): string | undefined => {
  try {
    run();
  } catch (error) {
    return isCodeModeError(error) ? error.code : "not a CodeModeError";
  }
  return undefined;
};

describe("readSessionOptions", () => {
  it("fills in 15 minutes and 16 sessions", () => {
    expect(readSessionOptions({})).toEqual({ ttlMs: 900_000, maxSessions: 16 });
    expect(DEFAULT_SESSION_OPTIONS).toEqual({ ttlMs: 900_000, maxSessions: 16 });
  });

  it("refuses a time to live or a cap that is not a positive integer", () => {
    expect(codeOf(() => readSessionOptions({ ttlMs: 0 }))).toBe("INVALID_OPTIONS");
    expect(codeOf(() => readSessionOptions({ maxSessions: 1.5 }))).toBe("INVALID_OPTIONS");
  });
});

describe("readSessionTarget", () => {
  it("is undefined without a sessionId, and gives an absent owner as the empty string", () => {
    expect(readSessionTarget({}, true)).toBeUndefined();
    expect(readSessionTarget({ sessionId: "new" }, true)).toEqual({ sessionId: "new", owner: "" });
  });

  it("throws for a sessionId while sessions are off, an empty id and an owner that is not a string", () => {
    expect(codeOf(() => readSessionTarget({ sessionId: "new" }, false))).toBe("INVALID_OPTIONS");
    expect(codeOf(() => readSessionTarget({ sessionId: "" }, true))).toBe("INVALID_OPTIONS");
    expect(codeOf(() => readSessionTarget({ sessionId: "new", owner: 7 }, true))).toBe("INVALID_OPTIONS");
  });
});
