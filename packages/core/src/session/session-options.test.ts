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
  it("fills in 15 minutes, 10,000 sessions of which 16 live, 30 s before hibernating and 4 MiB of state", () => {
    const defaults = { ttlMs: 900_000, maxSessions: 10_000, maxLiveSessions: 16, hibernateAfterMs: 30_000, maxStateBytes: 4 * 1024 * 1024 };
    expect(readSessionOptions({})).toEqual(defaults);
    expect(DEFAULT_SESSION_OPTIONS).toEqual(defaults);
  });

  it("refuses a number that is not a positive integer, naming the option", () => {
    expect(codeOf(() => readSessionOptions({ ttlMs: 0 }))).toBe("INVALID_OPTIONS");
    expect(codeOf(() => readSessionOptions({ maxSessions: 1.5 }))).toBe("INVALID_OPTIONS");
    expect(codeOf(() => readSessionOptions({ maxLiveSessions: -1 }))).toBe("INVALID_OPTIONS");
    expect(() => readSessionOptions({ hibernateAfterMs: Number.NaN })).toThrow(/sessions\.hibernateAfterMs/);
    expect(codeOf(() => readSessionOptions({ maxStateBytes: 0 }))).toBe("INVALID_OPTIONS");
  });

  it("refuses a store that lacks a method of the contract", () => {
    expect(() => readSessionOptions({ store: { create: () => Promise.resolve(true) } as never })).toThrow(/sessions\.store must be a SessionStore/);
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
