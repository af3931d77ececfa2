import { describe, expect, it } from "vitest";
import { readOptions } from "./read-options.js";

describe("readOptions", () => {
  it("defaults to envelopes, the returned result and no trace", () => {
    expect(readOptions({})).toEqual({ callStyle: "envelope", output: "result", check: "refuse", trace: undefined });
  });

  it("fills the trace's summary size and turns a trace that records nothing off", () => {
    expect(readOptions({ trace: { results: true } }).trace).toEqual({ arguments: false, results: true, maxSummaryBytes: 1024 });
    expect(readOptions({ trace: { maxSummaryBytes: 100 } }).trace).toBeUndefined();
  });

  it("throws INVALID_OPTIONS for an unknown style or output", () => {
    expect(() => readOptions({ callStyle: "values" as "value" })).toThrow(/callStyle/);
    expect(() => readOptions({ output: "stdout" as "printed" })).toThrow(/output/);
  });
});
