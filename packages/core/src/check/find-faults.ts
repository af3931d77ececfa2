import { SymbolFlags, TypeFlags, type Checker, type Program, type Project, type Type } from "typescript-go/unstable/async";
import { SyntaxKind, type CallExpression, type Expression, type Node, type ObjectLiteralExpression, type SourceFile } from "typescript-go/unstable/ast";
import { createDeclaredRoles, nameOf } from "./declared-roles.js";
import { findMismatch, isLiteralUnion, isPrimitive, type Mismatch } from "./find-mismatch.js";
import type { Fault } from "./script-checker.js";

// The compiler's codes that may stand for a fault the check reports; each is proved again below before it counts.
const PROPERTY_MISSING = new Set([2339, 2551]);
const NOT_CALLABLE = 2349;
const CALL_CODES = new Set([2345, 2322, 2353, 2561, 2554, 2741, 2739, 2740, 2820, 2559, 2769]);

type Roles = ReturnType<typeof createDeclaredRoles>;

interface Context {
  checker: Checker;
  roles: Roles;
  faults: Fault[];
}

/**
 * The faults of a script the declarations prove: the compiler's diagnostics are only leads, and each is kept when the
 * declarations of the tools rule the script's code out (see docs/checking.md); a script of plain JavaScript, or one
 * whose types the compiler cannot follow, gets no fault it does not have.
 */
export async function findFaults(project: Project, scriptPath: string, declarationsPath: string): Promise<Fault[]> {
  const program: Program = project.program;
  const syntax = await program.getSyntacticDiagnostics(scriptPath);
  if (syntax.length > 0) {
    return syntax.map((diagnostic) => ({ kind: "syntax_error", start: diagnostic.pos, end: diagnostic.end, path: [], message: diagnostic.text }));
  }
  const leads = (await program.getSemanticDiagnostics(scriptPath)).filter(
    (diagnostic) => PROPERTY_MISSING.has(diagnostic.code) || diagnostic.code === NOT_CALLABLE || CALL_CODES.has(diagnostic.code),
  );
  if (leads.length === 0) return [];
  const source = await program.getSourceFile(scriptPath);
  if (!source) return [];
  const context: Context = { checker: project.checker, roles: createDeclaredRoles(project, declarationsPath), faults: [] };
  const calls = new Set<Node>();
  for (const lead of leads) {
    const node = nodeAt(source, lead.pos, lead.end);
    if (!node) continue;
    if (PROPERTY_MISSING.has(lead.code)) await checkMember(context, node);
    else if (lead.code === NOT_CALLABLE) await checkCallee(context, node);
    else {
      const call = enclosingCall(node);
      if (call && !calls.has(call)) {
        calls.add(call);
        await checkCall(context, call);
      }
    }
  }
  return context.faults.sort((left, right) => left.start - right.start);
}

/** The innermost node that holds the range. */
function nodeAt(source: SourceFile, start: number, end: number): Node | undefined {
  let found: Node | undefined;
  const visit = (node: Node): undefined => {
    if (node.getStart(source) > start || node.end < end) return undefined;
    found = node;
    node.forEachChild(visit);
    return undefined;
  };
  source.forEachChild(visit);
  return found;
}

function enclosingCall(node: Node): CallExpression | undefined {
  for (let current: Node | undefined = node; current; current = current.parent) {
    if (current.kind === SyntaxKind.CallExpression) return current as CallExpression;
    if (current.kind === SyntaxKind.SourceFile) return undefined;
  }
  return undefined;
}

/** `x.name` or `const { name } = x` where `x` is the tools, a namespace, or a tool's result that cannot have `name`. */
async function checkMember(context: Context, node: Node): Promise<void> {
  const parent = node.parent;
  let owner: Node | undefined;
  if (parent.kind === SyntaxKind.PropertyAccessExpression && (parent as unknown as { name: Node }).name === node) {
    owner = (parent as unknown as { expression: Node }).expression;
  } else if (parent.kind === SyntaxKind.BindingElement && parent.parent.kind === SyntaxKind.ObjectBindingPattern) {
    owner = (parent.parent.parent as unknown as { initializer?: Node }).initializer;
  }
  const name = (node as Node & { text?: string }).text;
  if (!owner || node.kind !== SyntaxKind.Identifier || name === undefined) return;
  const type = await context.checker.getTypeAtLocation(owner);
  if (!type) return;
  const role = (await context.roles.ofObject(type)) ?? (await toolsGlobal(context, owner));
  const at = { start: node.getStart(), end: node.end };
  if (role?.kind === "root" || role?.kind === "namespace") {
    // Only a tool or namespace the script goes on to use: `typeof tools.x` and `tools.x?.()` may probe for one.
    if (!usedAsTool(parent)) return;
    context.faults.push({ kind: "unknown_tool", ...at, path: role.kind === "root" ? [name] : [role.name, name] });
  } else {
    const candidates = await fieldsIfWithout(context, type, name);
    if (!candidates) return;
    const expected = await context.checker.typeToString(type);
    context.faults.push({ kind: "unknown_field", ...at, path: [], names: [name], expected, candidates });
  }
}

/**
 * Whether a member read of the tools tree is used as a tool or a namespace would be: called, or read from, without
 * `?.`. In a destructuring, whether the script calls a name it took out.
 */
function usedAsTool(access: Node): boolean {
  if (access.kind === SyntaxKind.BindingElement) {
    const local = (access as unknown as { name: Node & { text?: string } }).name.text;
    return local !== undefined && (access as unknown as { initializer?: Node }).initializer === undefined && callsName(access.getSourceFile(), local);
  }
  let node = access;
  while (node.parent.kind === SyntaxKind.ParenthesizedExpression) node = node.parent;
  const parent = node.parent as Node & { expression?: Node; questionDotToken?: Node };
  const through = parent.kind === SyntaxKind.CallExpression || parent.kind === SyntaxKind.PropertyAccessExpression || parent.kind === SyntaxKind.ElementAccessExpression;
  return through && parent.expression === node && parent.questionDotToken === undefined;
}

/** Whether the script calls a function by this name anywhere. */
function callsName(source: SourceFile, name: string): boolean {
  const visit = (node: Node): boolean | undefined => {
    if (node.kind === SyntaxKind.CallExpression) {
      const callee = (node as CallExpression).expression as Node & { text?: string };
      if (callee.kind === SyntaxKind.Identifier && callee.text === name) return true;
    }
    return node.forEachChild(visit) ?? undefined;
  };
  return source.forEachChild(visit) === true;
}

/**
 * The fields `type` has when none of its members can have `name` (each a type of the tools' results, closed,
 * without it), or undefined when one may.
 */
async function fieldsIfWithout(context: Context, type: Type, name: string): Promise<string[] | undefined> {
  const members = type.flags & TypeFlags.Union ? ((await (type as Type & { getTypes(): Promise<readonly Type[]> }).getTypes()) ?? []) : [type];
  const fields = new Set<string>();
  // An absent value (`data` of a failed envelope) has no fields either: reading one fails at run time too.
  const present = members.filter((member) => (member.flags & (TypeFlags.Undefined | TypeFlags.Null)) === 0);
  for (const member of present) {
    if (member.flags & (TypeFlags.Any | TypeFlags.Unknown)) return undefined;
    if (!(await context.roles.isToolDeclared(member))) return undefined;
    if (await context.checker.getPropertyOfType(member, name)) return undefined;
    if ((await context.checker.getIndexInfosOfType(member)).length > 0) return undefined;
    for (const property of await context.checker.getPropertiesOfType(member)) fields.add(property.name);
  }
  return present.length > 0 ? [...fields] : undefined;
}

/**
 * The `tools` global itself: its type literal is empty when the script names no tool's namespace, and the compiler
 * gives an empty literal no declaration of its own.
 */
async function toolsGlobal(context: Context, node: Node): Promise<{ kind: "root" } | undefined> {
  if (node.kind !== SyntaxKind.Identifier || (node as Node & { text?: string }).text !== "tools") return undefined;
  const symbol = await context.checker.getSymbolAtLocation(node);
  return symbol && (await context.roles.isToolsGlobal(symbol)) ? { kind: "root" } : undefined;
}

/** `tools.billing(...)`: a namespace (or the tools object) called as if it were a tool. */
async function checkCallee(context: Context, name: Node): Promise<void> {
  const member = name.parent?.kind === SyntaxKind.PropertyAccessExpression && (name.parent as unknown as { name: Node }).name === name;
  const node = member ? name.parent : name;
  const call = node.parent?.kind === SyntaxKind.CallExpression ? (node.parent as CallExpression) : undefined;
  if (!call || call.expression !== node) return;
  const type = await context.checker.getTypeAtLocation(node);
  const role = (type ? await context.roles.ofObject(type) : undefined) ?? (await toolsGlobal(context, node));
  if (!role || role.kind === "tool") return;
  context.faults.push({ kind: "namespace_called", start: node.getStart(), end: node.end, path: role.kind === "root" ? [] : [role.name] });
}

/** A call of a tool: its arguments against the tool's input type. */
async function checkCall(context: Context, call: CallExpression): Promise<void> {
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
async function checkObject(context: Context, tool: string, literal: ObjectLiteralExpression, expected: Type, path: string[]): Promise<void> {
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

async function report(context: Context, tool: string, node: Node, path: string[], mismatch: Mismatch | null): Promise<void> {
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
