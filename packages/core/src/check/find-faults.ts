import { TypeFlags, type Program, type Project, type Type } from "typescript-go/unstable/async";
import { SyntaxKind, type CallExpression, type Node, type SourceFile } from "typescript-go/unstable/ast";
import { createDeclaredRoles } from "./declared-roles.js";
import { checkCall, type FaultContext } from "./find-call-faults.js";
import type { Fault } from "./script-checker.js";

// The compiler's codes that may stand for a fault the check reports; each is proved again below before it counts.
const PROPERTY_MISSING = new Set([2339, 2551]);
const NOT_CALLABLE = 2349;
const CALL_CODES = new Set([2345, 2322, 2353, 2561, 2554, 2741, 2739, 2740, 2820, 2559, 2769]);

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
  const context: FaultContext = { checker: project.checker, roles: createDeclaredRoles(project, declarationsPath), faults: [] };
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
async function checkMember(context: FaultContext, node: Node): Promise<void> {
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
async function fieldsIfWithout(context: FaultContext, type: Type, name: string): Promise<string[] | undefined> {
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
async function toolsGlobal(context: FaultContext, node: Node): Promise<{ kind: "root" } | undefined> {
  if (node.kind !== SyntaxKind.Identifier || (node as Node & { text?: string }).text !== "tools") return undefined;
  const symbol = await context.checker.getSymbolAtLocation(node);
  return symbol && (await context.roles.isToolsGlobal(symbol)) ? { kind: "root" } : undefined;
}

/** `tools.billing(...)`: a namespace (or the tools object) called as if it were a tool. */
async function checkCallee(context: FaultContext, name: Node): Promise<void> {
  const member = name.parent?.kind === SyntaxKind.PropertyAccessExpression && (name.parent as unknown as { name: Node }).name === name;
  const node = member ? name.parent : name;
  const call = node.parent?.kind === SyntaxKind.CallExpression ? (node.parent as CallExpression) : undefined;
  if (!call || call.expression !== node) return;
  const type = await context.checker.getTypeAtLocation(node);
  const role = (type ? await context.roles.ofObject(type) : undefined) ?? (await toolsGlobal(context, node));
  if (!role || role.kind === "tool") return;
  context.faults.push({ kind: "namespace_called", start: node.getStart(), end: node.end, path: role.kind === "root" ? [] : [role.name] });
}
