import { describe, expect, it } from "vitest";
import { typeCheck } from "../__fixtures__/type-check.js";
import { jsonSchemaToTypeScript } from "./json-schema-to-typescript.js";

const compact = (schema: unknown) => jsonSchemaToTypeScript(schema, { style: "compact" }).type;

describe("jsonSchemaToTypeScript", () => {
  it("writes the open type the checker reads: anything where the schema leaves it open, closed only where it says so", () => {
    const open = (schema: unknown) => jsonSchemaToTypeScript(schema, { style: "compact", open: true }).type;
    expect(open({})).toBe("any");
    expect(open({ type: "array" })).toBe("any[]");
    expect(open({ type: "object", properties: { a: { type: "string" } } })).toBe("{ a?: string; [key: string]: any }");
    expect(open({ type: "object", properties: { a: { type: "string" } }, additionalProperties: false })).toBe("{ a?: string }");
    expect(open({ type: "object", properties: { a: { type: "string" } }, additionalProperties: { type: "number" } })).toBe("{ a?: string; [key: string]: any }");
    expect(open({ type: "object", additionalProperties: false })).toBe("Record<string, never>");
    expect(open({ type: "object" })).toBe("Record<string, any>");
    expect(open({ enum: ["unknown", "known"] })).toBe('"unknown" | "known"');
    expect(open({ anyOf: [{ type: "string" }, {}] })).toBe("any");
  });

  it("writes primitives, and unknown for an empty or absent schema", () => {
    expect(compact({ type: "string" })).toBe("string");
    expect(compact({ type: "integer" })).toBe("number");
    expect(compact({ type: "boolean" })).toBe("boolean");
    expect(compact({ type: "null" })).toBe("null");
    expect(compact({})).toBe("unknown");
    expect(compact(true)).toBe("unknown");
    expect(compact(false)).toBe("never");
  });

  it("marks properties that are not required as optional and quotes keys that are not identifiers", () => {
    const schema = {
      type: "object",
      properties: { id: { type: "string" }, "x-trace": { type: "string" }, limit: { type: "number" } },
      required: ["id"],
    };
    expect(compact(schema)).toBe('{ id: string; "x-trace"?: string; limit?: number }');
  });

  it("writes arrays, tuples from prefixItems and from an items array", () => {
    expect(compact({ type: "array", items: { type: "string" } })).toBe("string[]");
    expect(compact({ type: "array", items: { type: ["string", "number"] } })).toBe("Array<string | number>");
    expect(compact({ type: "array" })).toBe("unknown[]");
    expect(compact({ type: "array", prefixItems: [{ type: "string" }, { type: "number" }], items: false })).toBe("[string, number]");
    expect(compact({ type: "array", items: [{ type: "string" }, { type: "boolean" }] })).toBe("[string, boolean]");
    expect(compact({ type: "array", prefixItems: [{ type: "string" }], items: { type: "number" } })).toBe("[string, ...number[]]");
  });

  it("writes enums and consts as literal unions", () => {
    expect(compact({ enum: ["open", "paid", 3, null] })).toBe('"open" | "paid" | 3 | null');
    expect(compact({ const: "fixed" })).toBe('"fixed"');
    expect(compact({ type: "string", enum: ['say "hi"'] })).toBe('"say \\"hi\\""');
  });

  it("writes anyOf and oneOf as unions and allOf as an intersection", () => {
    expect(compact({ anyOf: [{ type: "string" }, { type: "number" }] })).toBe("string | number");
    expect(compact({ oneOf: [{ const: "a" }, { type: "object", properties: { b: { type: "string" } }, required: ["b"] }] })).toBe(
      '"a" | { b: string }',
    );
    expect(
      compact({ allOf: [{ type: "object", properties: { a: { type: "string" } } }, { type: "object", properties: { b: { type: "number" } } }] }),
    ).toBe("{ a?: string } & { b?: number }");
  });

  it("writes nullable types in both spellings", () => {
    expect(compact({ type: ["string", "null"] })).toBe("string | null");
    expect(compact({ type: "string", nullable: true })).toBe("string | null");
  });

  it("resolves local $refs to $defs and definitions", () => {
    const schema = {
      type: "object",
      properties: { a: { $ref: "#/$defs/Money" }, b: { $ref: "#/definitions/Id" } },
      required: ["a", "b"],
      $defs: { Money: { type: "object", properties: { cents: { type: "integer" } }, required: ["cents"] } },
      definitions: { Id: { type: "string" } },
    };
    expect(compact(schema)).toBe("{ a: { cents: number }; b: string }");
  });

  it("writes additionalProperties as a Record, beside named properties as an intersection", () => {
    expect(compact({ type: "object", additionalProperties: { type: "number" } })).toBe("Record<string, number>");
    expect(compact({ type: "object" })).toBe("Record<string, unknown>");
    expect(compact({ type: "object", properties: {}, additionalProperties: false })).toBe("Record<string, never>");
    expect(compact({ type: "object", properties: { a: { type: "string" } }, additionalProperties: { type: "boolean" } })).toBe(
      "{ a?: string } & Record<string, boolean>",
    );
    expect(compact({ type: "object", properties: { a: { type: "string" } }, additionalProperties: false })).toBe("{ a?: string }");
  });

  it("puts descriptions, defaults and deprecation in JSDoc in the pretty style", () => {
    const { type } = jsonSchemaToTypeScript({
      type: "object",
      properties: {
        limit: { type: "integer", description: "Rows per page.", default: 20 },
        old: { type: "string", description: "Ends with */ here", deprecated: true },
      },
    });
    expect(type).toBe(
      [
        "{",
        "  /**",
        "   * Rows per page.",
        "   * @default 20",
        "   */",
        "  limit?: number;",
        "  /**",
        "   * Ends with *\\/ here",
        "   * @deprecated",
        "   */",
        "  old?: string;",
        "}",
      ].join("\n"),
    );
    expect(typeCheck(`type T = ${type};`)).toEqual([]);
  });

  it("falls back to the title and notes a string's format", () => {
    const { type } = jsonSchemaToTypeScript({
      type: "object",
      properties: { at: { type: "string", title: "When", format: "date-time" } },
      required: ["at"],
    });
    expect(type).toBe("{\n  /**\n   * When\n   * @format date-time\n   */\n  at: string;\n}");
  });

  it("degrades a recursive $ref to unknown with a note instead of looping", () => {
    const schema = {
      $ref: "#/$defs/Node",
      $defs: { Node: { type: "object", properties: { value: { type: "number" }, children: { type: "array", items: { $ref: "#/$defs/Node" } } } } },
    };
    const result = jsonSchemaToTypeScript(schema, { style: "compact" });
    expect(result.type).toBe("{ value?: number; children?: Array<unknown /* recursive #/$defs/Node */> }");
    expect(result.notes).toEqual(["recursive #/$defs/Node"]);
  });

  it("degrades nesting past the depth limit, unresolved refs and self-referencing roots", () => {
    let deep: Record<string, unknown> = { type: "string" };
    for (let i = 0; i < 20; i++) deep = { type: "object", properties: { next: deep } };
    const result = jsonSchemaToTypeScript(deep, { style: "compact", maxDepth: 8 });
    expect(result.type).toContain("unknown /* nested deeper than 8 levels */");
    expect(result.type.split("next?:").length - 1).toBe(9);
    expect(compact({ $ref: "https://example.com/schema.json" })).toBe("unknown /* unresolved https://example.com/schema.json */");
    expect(compact({ type: "object", properties: { self: { $ref: "#" } } })).toBe(
      "{ self?: { self?: unknown /* recursive # */ } }",
    );
  });

  it("stays finite on a schema whose refs multiply", () => {
    const $defs: Record<string, unknown> = { L0: { type: "string" } };
    for (let i = 1; i <= 30; i++) {
      $defs[`L${i}`] = { type: "object", properties: { a: { $ref: `#/$defs/L${i - 1}` }, b: { $ref: `#/$defs/L${i - 1}` } } };
    }
    const result = jsonSchemaToTypeScript({ $ref: "#/$defs/L30", $defs }, { style: "compact", maxDepth: 100 });
    expect(result.notes).toContain("schema too large to show");
    expect(result.type.length).toBeLessThan(200_000);
  });

  it("never throws on malformed schemas", () => {
    for (const schema of [null, 42, "string", [], { type: 7 }, { properties: 3 }, { enum: "x" }, { anyOf: "x" }, { items: null }]) {
      expect(() => jsonSchemaToTypeScript(schema)).not.toThrow();
    }
  });

  it("writes text the TypeScript compiler accepts for a schema that uses every feature", () => {
    const { type } = jsonSchemaToTypeScript({
      type: "object",
      properties: {
        "kebab-key": { type: "string", description: "Quoted." },
        tags: { type: "array", items: { enum: ["a", "b"] } },
        pair: { type: "array", prefixItems: [{ type: "string" }, { type: "number" }] },
        choice: { oneOf: [{ $ref: "#/$defs/A" }, { type: "null" }] },
        map: { type: "object", additionalProperties: { type: "array", items: { type: "integer" } } },
        maybe: { type: "number", nullable: true, default: 1 },
      },
      required: ["kebab-key"],
      $defs: { A: { type: "object", properties: { tree: { $ref: "#/$defs/A" } } } },
    });
    expect(typeCheck(`type T = ${type};\nconst value: T = { "kebab-key": "k", pair: ["x", 1], choice: null };`)).toEqual([]);
    expect(typeCheck(`type T = ${type};\nconst value: T = { tags: ["c"] };`).length).toBeGreaterThan(0);
  });
});
