import { describe, expect, it } from "vitest";
import { DEFAULT_LIMITS } from "./execution-limits.js";
import { resolveLimits } from "./resolve-limits.js";

describe("resolveLimits", () => {
  it("gives the defaults for absent or zero limits", () => {
    expect(resolveLimits({ timeoutMs: 0 })).toEqual(DEFAULT_LIMITS);
    expect(resolveLimits({ timeoutMs: 500 }).timeoutMs).toBe(500);
  });

  it("rejects unknown, negative and fractional limits with the limit's name", () => {
    expect(() => resolveLimits({ timeoutMS: 5 } as never)).toThrow('Unknown limit "timeoutMS".');
    expect(() => resolveLimits({ maxHostCalls: -1 })).toThrow(/"maxHostCalls" must be a positive integer/);
    expect(() => resolveLimits({ memoryBytes: 1.5 })).toThrow(/"memoryBytes"/);
  });
});
