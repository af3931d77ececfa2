import { describe, expect, it } from "vitest";
import { toGuestSource } from "./guest-source.js";

describe("toGuestSource", () => {
  it("keeps the expression from its first line, without the header, indentation, blank lines and comment lines", () => {
    const file = [
      "// A note for readers.",
      "/** @type {(value: number) => number} */",
      "((value) => {",
      '  "use strict";',
      "  // Why the next line is so.",
      "  /** @type {number} */",
      "  const twice = value * 2;",
      "",
      "  return twice; // kept: code shares the line",
      "})",
      "",
    ].join("\n");
    expect(toGuestSource(file)).toBe('((value) => {\n"use strict";\nconst twice = value * 2;\nreturn twice; // kept: code shares the line\n})');
  });
});
