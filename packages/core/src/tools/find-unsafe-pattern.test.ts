import { describe, expect, it } from "vitest";
import { findUnsafePattern, unsafeReason } from "./find-unsafe-pattern.js";

describe("unsafeReason", () => {
  it("passes what RE2 runs, backtracking shapes included, and names lookaround and backreferences", () => {
    for (const safe of ["^(a+)+$", "^[a-z0-9-]+$", "(x+x+)+y", "\\d{4}-\\d{2}", "[(?=]", "\\(?=", "\\\\1", "[\\1]", "(?:a)|(?<name>b)"]) {
      expect(unsafeReason(safe), safe).toBeNull();
    }
    expect(unsafeReason("^(?=.*[A-Z]).{8,}$")).toBe("it has a lookahead");
    expect(unsafeReason("a(?!b)")).toBe("it has a lookahead");
    expect(unsafeReason("(?<=\\$)\\d+")).toBe("it has a lookbehind");
    expect(unsafeReason("(?<!x)y")).toBe("it has a lookbehind");
    expect(unsafeReason("(a)\\1")).toBe("it has a backreference");
    expect(unsafeReason("(?<q>')\\k<q>")).toBe("it has a backreference");
  });
});

describe("findUnsafePattern", () => {
  it("finds a pattern wherever a schema may hold one, with its JSON Pointer", () => {
    const deep = { type: "object", properties: { list: { type: "array", items: { anyOf: [{ type: "string" }, { type: "string", pattern: "(a)\\1" }] } } } };
    expect(findUnsafePattern(deep)).toEqual({ path: "/properties/list/items/anyOf/1/pattern", pattern: "(a)\\1", reason: "it has a backreference" });
    const keyed = { type: "object", patternProperties: { "^x(?=y)": { type: "number" } } };
    expect(findUnsafePattern(keyed)).toMatchObject({ path: "/patternProperties", pattern: "^x(?=y)" });
    const defs = { $defs: { "a/b": { pattern: "(?<!a)b" } } };
    expect(findUnsafePattern(defs)).toMatchObject({ path: "/$defs/a~1b/pattern" });
  });

  it("reads a property named pattern as a property, and ignores what is not a schema", () => {
    expect(findUnsafePattern({ type: "object", properties: { pattern: { type: "string" } } })).toBeNull();
    expect(findUnsafePattern({ const: { pattern: "(?=x)" }, examples: [{ pattern: "(?=x)" }] })).toBeNull();
    const cyclic: Record<string, unknown> = { type: "object" };
    cyclic.properties = { self: cyclic };
    expect(findUnsafePattern(cyclic)).toBeNull();
  });
});
