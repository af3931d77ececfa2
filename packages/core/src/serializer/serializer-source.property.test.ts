import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { runInQuickJS } from "../script/__fixtures__/run-in-quickjs.js";
import { SERIALIZER_SOURCE } from "./serializer-source.js";

const SETUP = `globalThis.serialize = ${SERIALIZER_SOURCE};`;

// Builds a guest value from a recipe, so that values JSON cannot carry (Maps, Dates, BigInts...) can be generated.
const BUILD = `const build = (r) => {
  switch (r.t) {
    case "json": return r.v;
    case "undefined": return undefined;
    case "nan": return NaN;
    case "bigint": return BigInt(r.v);
    case "date": return new Date(r.v);
    case "bytes": return new Uint8Array(r.v);
    case "fn": return function named() {};
    case "symbol": return Symbol(r.v);
    case "error": return new RangeError(r.v);
    case "map": return new Map(r.v.map(([k, v]) => [k, build(v)]));
    case "set": return new Set(r.v.map(build));
    case "array": return r.v.map(build);
    case "object": { const o = {}; for (const [k, v] of r.v) o[k] = build(v); return o; }
    case "cycle": { const o = { inner: build(r.v) }; o.self = o; return o; }
  }
};`;

type Recipe = { t: string; v?: unknown };
const recipe: fc.Arbitrary<Recipe> = fc.letrec<{ node: Recipe }>((tie) => ({
  node: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    fc.jsonValue({ maxDepth: 2 }).map((v) => ({ t: "json", v })),
    fc.constantFrom({ t: "undefined" }, { t: "nan" }, { t: "fn" }),
    fc.bigInt().map((v) => ({ t: "bigint", v: v.toString() })),
    fc.integer({ min: -8.64e15, max: 8.64e15 }).map((v) => ({ t: "date", v })),
    fc.array(fc.integer({ min: 0, max: 255 }), { maxLength: 20 }).map((v) => ({ t: "bytes", v })),
    fc.string().map((v) => ({ t: "symbol", v })),
    fc.string().map((v) => ({ t: "error", v })),
    fc.array(fc.tuple(fc.oneof(fc.string(), fc.integer()), tie("node")), { maxLength: 4 }).map((v) => ({ t: "map", v })),
    fc.array(tie("node"), { maxLength: 4 }).map((v) => ({ t: "set", v })),
    fc.array(tie("node"), { maxLength: 4 }).map((v) => ({ t: "array", v })),
    fc.array(fc.tuple(fc.string(), tie("node")), { maxLength: 4 }).map((v) => ({ t: "object", v })),
    tie("node").map((v) => ({ t: "cycle", v })),
  ),
})).node;

async function serializeInGuest(program: string): Promise<string> {
  const outcome = await runInQuickJS(`(async () => {\n${program}\n})()`, "property.js", SETUP);
  if (outcome.status !== "fulfilled") throw new Error(`guest failed: ${JSON.stringify(outcome)}`);
  return outcome.value as string;
}

describe("SERIALIZER_SOURCE", () => {
  it("writes any JSON value exactly as JSON.stringify does", async () => {
    await fc.assert(
      fc.asyncProperty(fc.jsonValue(), async (value) => {
        const text = JSON.stringify(value);
        expect(await serializeInGuest(`return serialize(JSON.parse(${JSON.stringify(text)}));`)).toBe(text);
      }),
      { numRuns: 150 },
    );
  });

  it("writes valid JSON for any value, the same with or without the engine's fast path", async () => {
    await fc.assert(
      fc.asyncProperty(recipe, async (r) => {
        const fast = await serializeInGuest(`${BUILD}\nreturn serialize(build(${JSON.stringify(r)}));`);
        expect(() => JSON.parse(fast)).not.toThrow();
        // A toJSON on Object.prototype is ignored, but it forces the slow path, which must agree.
        const slow = await serializeInGuest(
          `${BUILD}\nconst value = build(${JSON.stringify(r)});\nObject.prototype.toJSON = () => "polluted";\nreturn serialize(value);`,
        );
        expect(slow).toBe(fast);
      }),
      { numRuns: 150 },
    );
  });
});
