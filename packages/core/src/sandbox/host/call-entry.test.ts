import { describe, expect, it } from "vitest";
import { traceArguments } from "./call-entry.js";

describe("traceArguments", () => {
  it("keeps small arguments as the value itself", () => {
    expect(traceArguments('{"a":[1]}', { a: [1] }, 1000)).toEqual({ a: [1] });
  });

  it("keeps arguments nested too deeply for the host's JSON writer as text, even under a generous size limit", () => {
    const text = `${'{"v":'.repeat(10_000)}1${"}".repeat(10_000)}`;
    const traced = traceArguments(text, JSON.parse(text), 1_000_000);
    expect(typeof traced).toBe("string");
    expect(() => JSON.stringify({ arguments: traced })).not.toThrow();
  });
});
