import type { Node, Pattern, Program } from "acorn";
import { LOCAL_NAMES } from "./local-names.js";
import { boundNames, parseProgram, userBlock } from "./persist-top-level.js";

/** What the source of one function or class says about restoring it from that source. */
export interface FunctionFacts {
  /** It refers to a binding of a scope around it that is not the top level: a closure its source cannot bring back. */
  inner: boolean;
  /** Names it refers to that nothing inside it binds: globals, when it was made at the top level. */
  free: Set<string>;
  /** A class with private names (`#x`): what its instances hold there cannot be read. */
  privateNames: boolean;
}

/** Every function and class in a piece of code, by its source text (as `Function.prototype.toString` gives it). */
export type FunctionIndex = Map<string, FunctionFacts>;

interface Scope {
  names: Set<string>;
  parent: Scope | null;
  level: number;
}

interface Open {
  facts: FunctionFacts;
  /** The level of the function's own scope: a binding found above it is outside the function. */
  level: number;
}

const FUNCTIONS = new Set(["FunctionDeclaration", "FunctionExpression", "ArrowFunctionExpression"]);
const CLASSES = new Set(["ClassDeclaration", "ClassExpression"]);

/**
 * Indexes a session script's functions (a program made by prepareScript): the user's top-level declarations are
 * globals after persistTopLevel, except those of the sandbox's own names and built-ins, which stay local. `program`
 * is the source parsed (see parseProgram), null when the parser rejected it.
 */
export function analyzeScript(source: string, program: Program | null): FunctionIndex {
  const index: FunctionIndex = new Map();
  const block = program && userBlock(program);
  if (!block) return index;
  const local = new Set<string>();
  for (const statement of block.body) {
    for (const name of declaredNames(statement, false)) if (LOCAL_NAMES.has(name)) local.add(name);
  }
  const walker = new Walker(source, index);
  const top: Scope = { names: local, parent: null, level: 0 };
  for (const statement of block.body) walker.visit(statement, top);
  return index;
}

/**
 * Indexes one function's source as it was kept: evaluated at the top level, so what it refers to is global, and a
 * function inside it that refers to its bindings is a closure. Null when the source is not a function.
 */
export async function analyzeFunction(text: string): Promise<{ facts: FunctionFacts; nested: FunctionIndex } | null> {
  // A method, getter or setter is a function only inside an object literal.
  for (const [open, close] of [["(", ")"], ["({", "})"]] as const) {
    const source = `${open}${text}${close}`;
    const program: Program | null = await parseProgram(source);
    if (!program) continue;
    const nested: FunctionIndex = new Map();
    const walker = new Walker(source, nested);
    walker.visit(program, { names: new Set(), parent: null, level: 0 });
    const facts = nested.get(text);
    if (!facts) return null;
    return { facts, nested };
  }
  return null;
}

/** Walks a tree with its scopes, noting for each function what it refers to outside itself. */
class Walker {
  private readonly open: Open[] = [];

  constructor(
    private readonly source: string,
    private readonly index: FunctionIndex,
  ) {}

  visit(node: Node, scope: Scope): void {
    if (FUNCTIONS.has(node.type) || CLASSES.has(node.type)) return this.enter(node, scope);
    switch (node.type) {
      case "Identifier":
        return this.refer((node as unknown as { name: string }).name, scope);
      case "BlockStatement":
      case "StaticBlock":
      case "SwitchStatement":
      case "ForStatement":
      case "ForInStatement":
      case "ForOfStatement": {
        const inner = this.child(scope);
        for (const statement of blockBody(node)) for (const name of declaredNames(statement, true)) inner.names.add(name);
        return this.children(node, inner);
      }
      case "CatchClause": {
        const inner = this.child(scope);
        const param = (node as unknown as { param: Pattern | null }).param;
        if (param) for (const name of boundNames(param)) inner.names.add(name);
        return this.children(node, inner);
      }
      case "MemberExpression": {
        const member = node as unknown as { object: Node; property: Node; computed: boolean };
        this.visit(member.object, scope);
        if (member.computed) this.visit(member.property, scope);
        return;
      }
      case "Property":
      case "PropertyDefinition":
      case "MethodDefinition": {
        const property = node as unknown as { key: Node; value: Node | null; computed: boolean; method?: boolean; kind?: string; static?: boolean };
        if (property.key.type === "PrivateIdentifier") this.markPrivate();
        if (property.computed) this.visit(property.key, scope);
        if (!property.value) return;
        // A method's source, as toString gives it, starts at its name (`get x() {}`, `async m() {}`, never `static`).
        const method = node.type === "MethodDefinition" || property.method === true || property.kind === "get" || property.kind === "set";
        if (!method) return this.visit(property.value, scope);
        const text = this.source.slice(node.start, node.end);
        return this.enter(property.value, scope, property.static === true ? text.replace(/^static\s+/, "") : text);
      }
      case "PrivateIdentifier":
        return this.markPrivate();
      case "LabeledStatement":
        return this.visit((node as unknown as { body: Node }).body, scope);
      case "BreakStatement":
      case "ContinueStatement":
      case "MetaProperty":
        return;
      default:
        return this.children(node, scope);
    }
  }

  private enter(node: Node, scope: Scope, text = this.source.slice(node.start, node.end)): void {
    const facts: FunctionFacts = { inner: false, free: new Set(), privateNames: false };
    const known = this.index.get(text);
    // The same text twice (two closures made alike): the more careful answer for both.
    if (known) Object.assign(facts, { inner: known.inner, free: known.free, privateNames: known.privateNames });
    this.index.set(text, facts);
    const own = this.child(scope);
    this.open.push({ facts, level: own.level });
    const fn = node as unknown as { id?: { name: string } | null; params?: Pattern[]; body?: Node; superClass?: Node | null; type: string };
    if (fn.id) own.names.add(fn.id.name);
    if (CLASSES.has(node.type)) {
      if (fn.superClass) this.visit(fn.superClass, scope);
      this.visit(fn.body!, own);
    } else {
      if (node.type !== "ArrowFunctionExpression") own.names.add("arguments");
      for (const param of fn.params ?? []) {
        for (const name of boundNames(param)) own.names.add(name);
      }
      for (const name of varNames(fn.body!)) own.names.add(name);
      for (const statement of blockBody(fn.body!)) for (const name of declaredNames(statement, true)) own.names.add(name);
      for (const param of fn.params ?? []) this.visitPattern(param, own);
      const body = fn.body!;
      // The body's block shares the function's scope.
      if (body.type === "BlockStatement") this.children(body, own);
      else this.visit(body, own);
    }
    this.open.pop();
  }

  /** A binding pattern: its defaults and computed keys are references, its names are not. */
  private visitPattern(pattern: Node, scope: Scope): void {
    switch (pattern.type) {
      case "Identifier":
        return;
      case "AssignmentPattern": {
        const assignment = pattern as unknown as { left: Node; right: Node };
        this.visitPattern(assignment.left, scope);
        return this.visit(assignment.right, scope);
      }
      case "ObjectPattern":
        for (const property of (pattern as unknown as { properties: { type: string; key: Node; value: Node; computed: boolean; argument: Node }[] }).properties) {
          if (property.type === "RestElement") this.visitPattern(property.argument, scope);
          else {
            if (property.computed) this.visit(property.key, scope);
            this.visitPattern(property.value, scope);
          }
        }
        return;
      case "ArrayPattern":
        for (const element of (pattern as unknown as { elements: (Node | null)[] }).elements) if (element) this.visitPattern(element, scope);
        return;
      case "RestElement":
        return this.visitPattern((pattern as unknown as { argument: Node }).argument, scope);
      default:
        return this.visit(pattern, scope);
    }
  }

  private refer(name: string, scope: Scope): void {
    let found: Scope | null = scope;
    while (found && !found.names.has(name)) found = found.parent;
    const level = found ? found.level : -1;
    for (let i = this.open.length - 1; i >= 0; i--) {
      const open = this.open[i]!;
      if (open.level <= level) break;
      if (found) open.facts.inner = true;
      else open.facts.free.add(name);
    }
  }

  private markPrivate(): void {
    const open = this.open.at(-1);
    if (open) open.facts.privateNames = true;
  }

  private child(scope: Scope): Scope {
    return { names: new Set(), parent: scope, level: scope.level + 1 };
  }

  private children(node: Node, scope: Scope): void {
    for (const [key, value] of Object.entries(node)) {
      if (key === "type" || key === "start" || key === "end" || key === "loc" || key === "range") continue;
      if (node.type === "VariableDeclarator" && key === "id") {
        this.visitPattern(value as Node, scope);
        continue;
      }
      for (const child of Array.isArray(value) ? value : [value]) if (isNode(child)) this.visit(child, scope);
    }
  }
}

/** The statements directly inside a block-like node (a switch's cases' too, a for's head). */
function blockBody(node: Node): Node[] {
  const any = node as unknown as { body?: Node | Node[]; cases?: { consequent: Node[] }[]; init?: Node | null; left?: Node };
  if (node.type === "SwitchStatement") return any.cases!.flatMap((item) => item.consequent);
  if (node.type === "ForStatement") return any.init ? [any.init] : [];
  if (node.type === "ForInStatement" || node.type === "ForOfStatement") return [any.left!];
  return Array.isArray(any.body) ? any.body : [];
}

/** The names a statement declares: let, const, class and function, and var too unless `lexicalOnly`. */
function declaredNames(statement: Node, lexicalOnly: boolean): string[] {
  if (statement.type === "VariableDeclaration") {
    const declaration = statement as unknown as { kind: string; declarations: { id: Pattern }[] };
    if (lexicalOnly && declaration.kind === "var") return [];
    return declaration.declarations.flatMap((declarator) => boundNames(declarator.id));
  }
  if (statement.type === "FunctionDeclaration" || statement.type === "ClassDeclaration") {
    const id = (statement as unknown as { id: { name: string } | null }).id;
    return id ? [id.name] : [];
  }
  return [];
}

/** The `var` names of a function's body, not entering nested functions. */
function varNames(body: Node): string[] {
  const found: string[] = [];
  const visit = (node: Node) => {
    if (FUNCTIONS.has(node.type) || CLASSES.has(node.type)) return;
    if (node.type === "VariableDeclaration" && (node as unknown as { kind: string }).kind === "var") {
      for (const declarator of (node as unknown as { declarations: { id: Pattern }[] }).declarations) found.push(...boundNames(declarator.id));
    }
    for (const value of Object.values(node)) for (const child of Array.isArray(value) ? value : [value]) if (isNode(child)) visit(child);
  };
  visit(body);
  return found;
}

function isNode(value: unknown): value is Node {
  return typeof value === "object" && value !== null && typeof (value as Node).type === "string";
}
