import { describe, expect, it } from "vitest";
import { DEFAULT_LIMITS } from "./execution-limits.js";
import { resolveLimits } from "./resolve-limits.js";

describe("resolveLimits", () => {
  it("gives the defaults for absent or zero limits", () => {
    expect(resolveLimits({ timeoutMs: 0 })).toEqual(DEFAULT_LIMITS);
    expect(resolveLimits({ timeoutMs: 500 }).timeoutMs).toBe(500);
  });

  it("rejects unknown, negative and fractional limits with the limit's name", () => {
    expect(() => resolveLimits({ colour: 5 } as never)).toThrow(/^Unknown limit "colour"\. The limits are timeoutMs, memoryBytes, /);
    expect(() => resolveLimits({ maxHostCalls: -1 })).toThrow(/"maxHostCalls" must be a positive integer/);
    expect(() => resolveLimits({ memoryBytes: 1.5 })).toThrow(/"memoryBytes"/);
  });

  it("names the limit an unknown one most likely meant, and every valid one", () => {
    const names = Object.keys(DEFAULT_LIMITS).join(", ");
    expect(() => resolveLimits({ timeoutMS: 5 } as never)).toThrow(`Unknown limit "timeoutMS"; did you mean "timeoutMs"? The limits are ${names}.`);
  });
});
