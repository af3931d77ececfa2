import { TypeFlags, type Checker, type Type } from "typescript-go/unstable/async";

/** Where a value cannot be what the declarations ask for: the path into it, and the two types there. */
export interface Mismatch {
  path: string[];
  expected: Type;
  actual: Type;
}

const OPEN = TypeFlags.Any | TypeFlags.Unknown;
// Types whose values the check cannot know: it never calls them wrong, nor a value wrong for them.
const UNKNOWABLE =
  TypeFlags.TypeParameter | TypeFlags.Index | TypeFlags.IndexedAccess | TypeFlags.Conditional | TypeFlags.Substitution |
  TypeFlags.TemplateLiteral | TypeFlags.StringMapping | TypeFlags.Intersection;
// An undefined value leaves an optional argument out, and a value the script never reaches (never) is no fault.
const ABSENT = TypeFlags.Undefined | TypeFlags.Void | TypeFlags.Never;
const LITERAL = TypeFlags.StringLiteral | TypeFlags.NumberLiteral | TypeFlags.BooleanLiteral | TypeFlags.BigIntLiteral;
const MAX_DEPTH = 6;

/** The kind of JSON value a type's values are, or "object" for objects and arrays. */
function valueClass(type: Type): string {
  const flags = type.flags;
  if (flags & TypeFlags.StringLike) return "string";
  if (flags & TypeFlags.NumberLike) return "number";
  if (flags & TypeFlags.BigIntLike) return "bigint";
  if (flags & TypeFlags.BooleanLike) return "boolean";
  if (flags & TypeFlags.ESSymbolLike) return "symbol";
  if (flags & TypeFlags.Null) return "null";
  return "object";
}

/** Whether a type is a primitive (a string, number, boolean...), as a positional argument is. */
export function isPrimitive(type: Type): boolean {
  return (type.flags & (OPEN | UNKNOWABLE | ABSENT | TypeFlags.Union)) === 0 && valueClass(type) !== "object";
}

/** Whether every value of `type` but `undefined` is a literal: the type of an enum. */
export async function isLiteralUnion(type: Type): Promise<boolean> {
  const members = type.flags & TypeFlags.Union ? await (type as Type & { getTypes(): Promise<readonly Type[]> }).getTypes() : [type];
  const defined = members.filter((member) => (member.flags & TypeFlags.Undefined) === 0);
  return defined.length > 0 && defined.every((member) => (member.flags & LITERAL) !== 0);
}

/**
 * Finds where a value of type `actual` can never be of type `expected`, or null when it may be. Only what the types
 * prove counts: a widened `string` may be the literal asked for, a union may hold a right member, and a property the
 * value's type lacks may be added later, so none of these is a mismatch. Used for a tool's arguments only, where
 * `expected` comes from the tool's schema.
 */
export async function findMismatch(checker: Checker, actual: Type, expected: Type, depth = 0): Promise<Mismatch | null> {
  const fail: Mismatch = { path: [], expected, actual };
  if (depth > MAX_DEPTH || actual.flags & OPEN || expected.flags & OPEN) return null;
  if (expected.flags & TypeFlags.Union) {
    for (const member of await membersOf(expected)) if (!(await findMismatch(checker, actual, member, depth + 1))) return null;
    return fail;
  }
  if (actual.flags & TypeFlags.Union) {
    for (const member of await membersOf(actual)) if (!(await findMismatch(checker, member, expected, depth + 1))) return null;
    return fail;
  }
  if (actual.flags & (UNKNOWABLE | ABSENT) || expected.flags & (UNKNOWABLE | TypeFlags.NonPrimitive)) return null;
  if (expected.flags & ABSENT) return fail;
  // A Date or bytes in a tool's arguments reach the tool as text (toJSON, base64): the check cannot know that text.
  if (actual.flags & TypeFlags.Object && (await crossesAsText(checker, actual))) return null;
  const actualClass = valueClass(actual);
  if (actualClass !== valueClass(expected)) return fail;
  if (actualClass !== "object") {
    const bothLiteral = actual.flags & LITERAL && expected.flags & LITERAL;
    return bothLiteral && !(await checker.isTypeAssignableTo(actual, expected)) ? fail : null;
  }
  if ((await checker.getSignaturesOfType(actual, 0)).length > 0) return null;
  const [actualList, expectedList] = await Promise.all([checker.isArrayLikeType(actual), checker.isArrayLikeType(expected)]);
  if (actualList !== expectedList) return fail;
  if (actualList) return findItemMismatch(checker, actual, expected, depth);
  return findPropertyMismatch(checker, actual, expected, depth);
}

/** Whether a value of this object type crosses into a tool's arguments as text: it has `toJSON`, or it is bytes. */
async function crossesAsText(checker: Checker, type: Type): Promise<boolean> {
  if (await checker.getPropertyOfType(type, "toJSON")) return true;
  const name = (await type.getSymbol())?.name;
  return name !== undefined && BYTES.has(name);
}

const BYTES = new Set(["Uint8Array", "ArrayBuffer", "Buffer"]);

async function membersOf(type: Type): Promise<readonly Type[]> {
  return (await (type as Type & { getTypes(): Promise<readonly Type[] | undefined> }).getTypes()) ?? [];
}

/** The first property both types have whose value cannot fit. */
async function findPropertyMismatch(checker: Checker, actual: Type, expected: Type, depth: number): Promise<Mismatch | null> {
  for (const property of await checker.getPropertiesOfType(actual)) {
    const wanted = await checker.getPropertyOfType(expected, property.name);
    if (!wanted) continue;
    const [given, asked] = await checker.getTypeOfSymbol([property, wanted]);
    if (!given || !asked) continue;
    const inner = await findMismatch(checker, given, asked, depth + 1);
    if (inner) return { ...inner, path: [property.name, ...inner.path] };
  }
  return null;
}

/** An array's items against the items asked for (a tuple's each). */
async function findItemMismatch(checker: Checker, actual: Type, expected: Type, depth: number): Promise<Mismatch | null> {
  const [given, asked] = await Promise.all([itemTypes(checker, actual), itemTypes(checker, expected)]);
  if (asked.length !== 1) return null;
  for (const item of given) {
    const inner = await findMismatch(checker, item, asked[0]!, depth + 1);
    if (inner) return { ...inner, path: ["[]", ...inner.path] };
  }
  return null;
}

async function itemTypes(checker: Checker, type: Type): Promise<readonly Type[]> {
  if (!(await checker.isArrayType(type)) && !(await checker.isTupleType(type))) return [];
  return checker.getTypeArguments(type as Parameters<Checker["getTypeArguments"]>[0]);
}
