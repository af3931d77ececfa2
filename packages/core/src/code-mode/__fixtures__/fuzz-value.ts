// Random guest values for the engine's property tests: each is a recipe that gives both the script text that builds
// the value in the guest and, on the host, what the serialiser's documented table says the result must be.
import fc from "fast-check";

/** A guest value: its source text and the JSON value it must serialise to (undefined: omitted / null). */
export interface FuzzValue {
  code: string;
  expected: unknown;
  /** For a primitive, what decides whether two are the same Set member (SameValueZero). */
  same?: string;
}

const own = (entries: [string, unknown][]) => {
  const object: Record<string, unknown> = {};
  // defineProperty, so that a "__proto__" key is an own key as the guest makes it.
  for (const [key, value] of entries) {
    if (value === undefined) delete object[key];
    else Object.defineProperty(object, key, { value, enumerable: true, writable: true, configurable: true });
  }
  return object;
};
const inArray = (value: unknown) => (value === undefined ? null : value);
// What a Set keeps: each primitive once (objects are all fresh, so all distinct), in first-seen order.
const distinct = (items: FuzzValue[]) =>
  items.filter((item, index) => item.same === undefined || items.findIndex((other) => other.same === item.same) === index);

const leaf: fc.Arbitrary<FuzzValue> = fc.oneof(
  fc.jsonValue({ maxDepth: 1 }).map((value) => ({
    code: `(${JSON.stringify(value)})`,
    expected: JSON.parse(JSON.stringify(value)),
    ...(typeof value === "object" && value !== null ? {} : { same: JSON.stringify(value === 0 ? 0 : value) }),
  })),
  fc.constantFrom<FuzzValue>(
    { code: "undefined", expected: undefined, same: "undefined" },
    { code: "NaN", expected: null, same: "NaN" },
    { code: "-Infinity", expected: null, same: "-Infinity" },
    { code: "(-0)", expected: 0, same: "0" },
    { code: "(function named() {})", expected: "[Function: named]" },
    // The comma keeps the arrow anonymous: as a property value it would otherwise take the key as its name.
    { code: "(0, () => 1)", expected: "[Function (anonymous)]" },
    { code: "new Date(NaN)", expected: null },
  ),
  fc.bigInt().map((value) => ({ code: `(${value}n)`, expected: value.toString(), same: `${value}n` })),
  fc.integer({ min: -8.64e15, max: 8.64e15 }).map((time) => ({ code: `new Date(${time})`, expected: new Date(time).toISOString() })),
  fc.string({ maxLength: 8 }).map((text) => ({ code: `Symbol(${JSON.stringify(text)})`, expected: `Symbol(${text})` })),
  fc.string({ maxLength: 8 }).map((text) => ({ code: `new RangeError(${JSON.stringify(text)})`, expected: { name: "RangeError", message: text } })),
  fc.uint8Array({ maxLength: 12 }).map((bytes) => ({
    code: `new Uint8Array([${bytes.join(",")}])`,
    expected: Buffer.from(bytes).toString("base64"),
  })),
);

/** Any guest value: leaves, arrays, objects (any keys, `__proto__` included), Maps with string keys and Sets. */
export const fuzzValue: fc.Arbitrary<FuzzValue> = fc.letrec<{ value: FuzzValue }>((tie) => ({
  value: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    leaf,
    fc.array(tie("value"), { maxLength: 4 }).map((items) => ({
      code: `[${items.map((item) => item.code).join(", ")}]`,
      expected: items.map((item) => inArray(item.expected)),
    })),
    fc.array(fc.tuple(fc.oneof(fc.string({ maxLength: 6 }), fc.constant("__proto__")), tie("value")), { maxLength: 4 }).map((entries) => ({
      code: `({ ${entries.map(([key, item]) => `[${JSON.stringify(key)}]: ${item.code}`).join(", ")} })`,
      expected: own(entries.map(([key, item]) => [key, item.expected])),
    })),
    fc.uniqueArray(fc.tuple(fc.string({ maxLength: 6 }), tie("value")), { maxLength: 4, selector: ([key]) => key }).map((entries) => ({
      code: `new Map([${entries.map(([key, item]) => `[${JSON.stringify(key)}, ${item.code}]`).join(", ")}])`,
      expected: own(entries.map(([key, item]) => [key, item.expected])),
    })),
    fc.array(tie("value"), { maxLength: 3 }).map((items) => ({
      code: `new Set([${items.map((item) => item.code).join(", ")}])`,
      expected: distinct(items).map((item) => inArray(item.expected)),
    })),
  ),
})).value;

/** Source text that builds `value` (as fast-check's `anything` makes it) in the guest, own `__proto__` keys included. */
export function toSource(value: unknown): string {
  if (value === undefined) return "undefined";
  if (typeof value === "number") return Object.is(value, -0) ? "(-0)" : Number.isNaN(value) ? "NaN" : `(${value})`;
  if (typeof value === "bigint") return `(${value}n)`;
  if (typeof value !== "object" || value === null) return JSON.stringify(value);
  if (value instanceof Date) return `new Date(${value.getTime()})`;
  if (value instanceof Map) return `new Map([${[...value].map(([key, item]) => `[${toSource(key)}, ${toSource(item)}]`).join(", ")}])`;
  if (value instanceof Set) return `new Set([${[...value].map(toSource).join(", ")}])`;
  if (ArrayBuffer.isView(value)) {
    const items = Array.from(value as unknown as ArrayLike<unknown>, toSource);
    return `new ${value.constructor.name}([${items.join(", ")}])`;
  }
  if (Array.isArray(value)) return `[${value.map(toSource).join(", ")}]`;
  const entries = Object.entries(value).map(([key, item]) => `[${JSON.stringify(key)}, ${toSource(item)}]`);
  const built = `Object.fromEntries([${entries.join(", ")}])`;
  return Object.getPrototypeOf(value) === null ? `Object.setPrototypeOf(${built}, null)` : built;
}
