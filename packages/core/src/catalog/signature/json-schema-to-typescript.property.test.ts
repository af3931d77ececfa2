import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { typeCheck } from "../__fixtures__/type-check.js";
import { jsonSchemaToTypeScript } from "./json-schema-to-typescript.js";

const text = fc.string({ maxLength: 12, unit: fc.constantFrom("a", "Z", "_", "-", " ", "*/", "/", "\n", "é", "$", "1", '"', "\\") });
const json = fc.jsonValue({ maxDepth: 2 });
const refs = fc.constantFrom("#/$defs/A", "#/$defs/B", "#/definitions/C", "#/$defs/Missing", "#");

const { schema } = fc.letrec((tie) => ({
  schema: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    fc.constantFrom<unknown>(true, false, {}, { type: "string" }, { type: "integer" }, { type: "null" }),
    fc.record({ type: fc.subarray(["string", "number", "boolean", "null", "array", "object"], { minLength: 1 }) }),
    fc.record({ enum: fc.array(fc.oneof(text, fc.integer(), fc.constant(null)), { minLength: 1, maxLength: 4 }) }),
    fc.record({ const: json }),
    fc.record({ $ref: refs }),
    fc.record(
      {
        type: fc.constant("object"),
        properties: fc.dictionary(text, tie("schema"), { maxKeys: 4 }),
        required: fc.array(text, { maxLength: 3 }),
        additionalProperties: fc.oneof(fc.boolean(), tie("schema")),
        description: text,
        default: json,
      },
      { requiredKeys: ["type"] },
    ),
    fc.record({ type: fc.constant("array"), items: tie("schema") }, { requiredKeys: ["type"] }),
    fc.record({ type: fc.constant("array"), prefixItems: fc.array(tie("schema"), { maxLength: 3 }), items: fc.oneof(fc.constant(false), tie("schema")) }),
    fc.record({ anyOf: fc.array(tie("schema"), { minLength: 1, maxLength: 3 }), nullable: fc.boolean() }),
    fc.record({ oneOf: fc.array(tie("schema"), { minLength: 1, maxLength: 3 }) }),
    fc.record({ allOf: fc.array(tie("schema"), { minLength: 1, maxLength: 3 }) }),
  ),
}));

const root = fc.record({
  schema,
  $defs: fc.record({ A: schema, B: fc.constant({ type: "object", properties: { next: { $ref: "#/$defs/B" } } }) }),
  definitions: fc.record({ C: schema }),
});

describe("jsonSchemaToTypeScript", () => {
  it("writes valid TypeScript for any schema, in both styles, and never throws", () => {
    const samples = fc.sample(root, { numRuns: 150, seed: 42 });
    const lines = samples.flatMap(({ schema: body, $defs, definitions }, i) => {
      const full = typeof body === "object" && body !== null ? { ...body, $defs, definitions } : body;
      const pretty = jsonSchemaToTypeScript(full, { maxDepth: 5 }).type;
      const compact = jsonSchemaToTypeScript(full, { maxDepth: 5, style: "compact" }).type;
      return [`type P${i} = ${pretty};`, `type C${i} = ${compact};`];
    });
    expect(typeCheck(lines.join("\n"))).toEqual([]);
  });
});
