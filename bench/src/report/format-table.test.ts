import { describe, expect, it } from "vitest";
import { formatMs, formatRatio, formatTable } from "./format-table.js";

describe("formatTable", () => {
  it("left-aligns the first column, right-aligns the others and rules off the header", () => {
    const table = formatTable(["workload", "median"], [["A", "0.5 ms"], ["B long", "12 ms"]]);
    expect(table.split("\n")).toEqual(["workload  median", "--------  ------", "A         0.5 ms", "B long     12 ms"]);
  });
});

describe("formatMs", () => {
  it("keeps three decimals below 10 ms and none above a second", () => {
    expect(formatMs(0.41234)).toBe("0.412 ms");
    expect(formatMs(12.34)).toBe("12.3 ms");
    expect(formatMs(1234.5)).toBe("1,235 ms");
  });
});

describe("formatRatio", () => {
  it("writes two decimals and an x", () => {
    expect(formatRatio(1.2345)).toBe("1.23x");
  });
});
