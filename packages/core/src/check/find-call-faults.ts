import { SymbolFlags, TypeFlags, type Checker, type Type } from "typescript-go/unstable/async";
import { SyntaxKind, type CallExpression, type Expression, type Node, type ObjectLiteralExpression } from "typescript-go/unstable/ast";
import { nameOf, type DeclaredRoles } from "./declared-roles.js";
import { findMismatch, isLiteralUnion, isPrimitive, type Mismatch } from "./find-mismatch.js";
import type { Fault } from "./script-checker.js";

/** What the rules of one check share: the compiler's checker, what the declarations are, and the faults found. */
export interface FaultContext {
  checker: Checker;
  roles: DeclaredRoles;
  faults: Fault[];
}

/** A call of a tool: its arguments against the tool's input type. */
export async function checkCall(context: FaultContext, call: CallExpression): Promise<void> {
  const { checker, roles } = context;
  const signature = await checker.getResolvedSignature(call);
  const tool = await roles.toolOf(signature?.declaration);
  const [parameter] = signature && tool ? await signature.getParameters() : [];
  const declared = parameter ? await checker.getTypeOfSymbol(parameter) : undefined;
  const expected = declared ? await checker.getNonNullableType(declared) : undefined;
  if (!tool || !expected || expected.flags & (TypeFlags.Any | TypeFlags.Unknown)) return;
  const argument = call.arguments[0];
  if (!argument) {
    const missing = await requiredNames(checker, expected);
    if (missing.length > 0) context.faults.push({ kind: "missing_argument", start: call.getStart(), end: call.end, path: [tool], names: missing });
    return;
  }
  if (argument.kind === SyntaxKind.SpreadElement) return;
  if (argument.kind === SyntaxKind.ObjectLiteralExpression) {
    await checkObject(context, tool, argument as ObjectLiteralExpression, expected, []);
    return;
  }
  const actual = await checker.getTypeAtLocation(argument);
  if (!actual) return;
  if (isPrimitive(actual) && !isPrimitive(expected) && (expected.flags & TypeFlags.Union) === 0) {
    context.faults.push({ kind: "positional_argument", start: argument.getStart(), end: argument.end, path: [tool], ...(await texts(checker, expected, actual)) });
    return;
  }
  await report(context, tool, argument, [], await findMismatch(checker, actual, expected));
}

/** An object literal written in the call: each property where it is written, and what it leaves out. */
async function checkObject(context: FaultContext, tool: string, literal: ObjectLiteralExpression, expected: Type, path: string[]): Promise<void> {
  const { checker } = context;
  if ((expected.flags & TypeFlags.Object) === 0 || (await checker.isArrayLikeType(expected))) {
    const actual = await checker.getTypeAtLocation(literal);
    if (actual) await report(context, tool, literal, path, await findMismatch(checker, actual, expected));
    return;
  }
  const open = (await checker.getIndexInfosOfType(expected)).length > 0;
  const given = new Set<string>();
  let spread = false;
  for (const property of literal.properties) {
    if (property.kind === SyntaxKind.SpreadAssignment) spread = true;
    const name = nameOf(property);
    if (name === undefined) continue;
    given.add(name);
    const wanted = await checker.getPropertyOfType(expected, name);
    const where = [...path, name];
    if (!wanted) {
      if (!open) {
        const candidates = (await checker.getPropertiesOfType(expected)).map((known) => known.name);
        context.faults.push({ kind: "unknown_argument", start: property.getStart(), end: property.end, path: [tool], names: where, candidates });
      }
      continue;
    }
    const asked = await checker.getTypeOfSymbol(wanted);
    const value = valueOf(property);
    if (!asked || !value) continue;
    if (value.kind === SyntaxKind.ObjectLiteralExpression) {
      await checkObject(context, tool, value as ObjectLiteralExpression, (await checker.getNonNullableType(asked)) ?? asked, where);
      continue;
    }
    const actual = await checker.getTypeAtLocation(value);
    if (actual) await report(context, tool, value, where, await findMismatch(checker, actual, asked));
  }
  if (spread) return;
  const missing = (await requiredNames(checker, expected)).filter((name) => !given.has(name));
  if (missing.length > 0) {
    context.faults.push({ kind: "missing_argument", start: literal.getStart(), end: literal.end, path: [tool], names: missing.map((name) => [...path, name].join(".")) });
  }
}

function valueOf(property: Node): Expression | undefined {
  if (property.kind === SyntaxKind.PropertyAssignment) return (property as unknown as { initializer: Expression }).initializer;
  if (property.kind === SyntaxKind.ShorthandPropertyAssignment) return (property as unknown as { name: Expression }).name;
  return undefined;
}

/** The names of an object type's properties that are not optional. */
async function requiredNames(checker: Checker, type: Type): Promise<string[]> {
  if ((type.flags & TypeFlags.Object) === 0) return [];
  const properties = await checker.getPropertiesOfType(type);
  return properties.filter((property) => (property.flags & SymbolFlags.Optional) === 0).map((property) => property.name);
}

async function report(context: FaultContext, tool: string, node: Node, path: string[], mismatch: Mismatch | null): Promise<void> {
  if (!mismatch) return;
  const enumerated = (mismatch.actual.flags & (TypeFlags.StringLiteral | TypeFlags.NumberLiteral)) !== 0 && (await isLiteralUnion(mismatch.expected));
  context.faults.push({
    kind: enumerated ? "not_in_enum" : "wrong_type",
    start: node.getStart(),
    end: node.end,
    path: [tool],
    names: [...path, ...mismatch.path],
    ...(await texts(context.checker, mismatch.expected, mismatch.actual)),
  });
}

async function texts(checker: Checker, expected: Type, actual: Type): Promise<{ expected: string; actual: string }> {
  const [expectedText, actualText] = await Promise.all([checker.typeToString(expected), checker.typeToString(actual)]);
  return { expected: expectedText, actual: actualText };
}
