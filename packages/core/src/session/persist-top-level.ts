import type { BlockStatement, Node, Pattern, Program, Statement, VariableDeclaration } from "acorn";
import { LOCAL_NAMES } from "./local-names.js";

/** Nodes that start a scope of their own for `var`: nothing inside them is the script's top level. */
const OWN_SCOPE = new Set(["FunctionDeclaration", "FunctionExpression", "ArrowFunctionExpression", "StaticBlock"]);

interface Edit {
  start: number;
  end: number;
  text: string;
}

type Parse = (source: string) => Program;
let parser: Promise<Parse> | undefined;

/**
 * Rewrites a prepared program (see prepareScript) so that the script's top-level declarations become properties of
 * the global object, which outlives the run: `const x = 1` becomes `      x = 1`, `function f` is also assigned to
 * the global at the start, `class C {}` is followed by its assignment, and `var` anywhere outside nested functions
 * does the same. Keywords become spaces, so lines and columns stay where the user wrote them (only text after a
 * destructuring declaration or a bare `let x;` moves, on that line). Code the parser rejects, or a program not made
 * by prepareScript, comes back unchanged: QuickJS then reports the error itself. `parsed` is the source's program
 * when the caller parsed it already (null: the parser rejected it).
 */
export async function persistTopLevel(source: string, parsed?: Program | null): Promise<string> {
  const program = parsed === undefined ? await parseProgram(source) : parsed;
  if (!program) return source;
  const block = userBlock(program);
  if (!block) return source;
  const vars = varDeclarations(block);
  // A script that names its own globalThis would break the assignments below.
  if (block.body.some(declaresGlobalThis) || vars.some(([declaration]) => declaresGlobalThis(declaration))) return source;
  const edits: Edit[] = [];
  const names = new Set<string>();
  const functions: string[] = [];
  for (const statement of block.body) {
    if (statement.type === "VariableDeclaration" && statement.kind !== "var") rewriteDeclaration(statement, "list", edits, names);
    if (statement.type === "FunctionDeclaration" && !LOCAL_NAMES.has(statement.id.name)) functions.push(statement.id.name);
    if (statement.type === "ClassDeclaration" && !LOCAL_NAMES.has(statement.id.name)) {
      const name = statement.id.name;
      names.add(name);
      edits.push({ start: statement.end, end: statement.end, text: `;globalThis.${name}=${name};` });
    }
  }
  for (const [declaration, position] of vars) rewriteDeclaration(declaration, position, edits, names);
  for (const name of functions) names.add(name);
  // The function bindings exist from the block's first statement on (block-level function declarations).
  const hoisted = functions.map((name) => `globalThis.${name}=${name};`).join("");
  if (hoisted) edits.push({ start: block.start + 1, end: block.start + 1, text: hoisted });
  if (names.size === 0) return source;
  let rewritten = source;
  for (const edit of edits.sort((left, right) => right.start - left.start)) {
    rewritten = rewritten.slice(0, edit.start) + edit.text + rewritten.slice(edit.end);
  }
  // Declared on the wrapper's own first line, so the user's lines do not move; `var` keeps a value already there.
  return `var ${[...names].join(",")};${rewritten}`;
}

/** Parses a script, or null when the parser rejects it. */
export async function parseProgram(source: string): Promise<Program | null> {
  // Loaded on the first session run only: code modes without sessions never pay for the parser.
  parser ??= import("acorn").then((acorn) => (text: string) => acorn.parse(text, { ecmaVersion: "latest", sourceType: "script" }));
  const parse = await parser;
  try {
    return parse(source);
  } catch {
    return null;
  }
}

/** The block holding the user's statements: `(async () => {label:{{ ...user... }break label;}})()`. */
export function userBlock(program: Program): BlockStatement | null {
  const [statement] = program.body;
  if (program.body.length !== 1 || statement?.type !== "ExpressionStatement") return null;
  const call = statement.expression;
  if (call.type !== "CallExpression" || call.callee.type !== "ArrowFunctionExpression") return null;
  const body = call.callee.body;
  const labelled = body.type === "BlockStatement" ? body.body[0] : undefined;
  if (labelled?.type !== "LabeledStatement" || labelled.body.type !== "BlockStatement") return null;
  const inner = labelled.body.body[0];
  return inner?.type === "BlockStatement" ? inner : null;
}

/** Where a declaration stands: among a block's statements, alone as the body of `if`, a loop or a label, or a `for` head. */
type Position = "list" | "single" | "head";

/** Every `var` declaration of the script's own function scope, with where it stands. */
function varDeclarations(block: BlockStatement): [VariableDeclaration, Position][] {
  const found: [VariableDeclaration, Position][] = [];
  const visit = (node: Node, position: Position) => {
    if (OWN_SCOPE.has(node.type)) return;
    if (node.type === "VariableDeclaration" && (node as VariableDeclaration).kind === "var") found.push([node as VariableDeclaration, position]);
    for (const [key, value] of Object.entries(node)) {
      const head = (node.type === "ForStatement" && key === "init") || (/^For(In|Of)Statement$/.test(node.type) && key === "left");
      for (const child of Array.isArray(value) ? value : [value]) {
        if (isNode(child)) visit(child, head ? "head" : Array.isArray(value) ? "list" : "single");
      }
    }
  };
  for (const statement of block.body) visit(statement, "list");
  return found;
}

/** Turns one declaration into assignments; one that binds a sandbox global stays as it is. */
function rewriteDeclaration(declaration: VariableDeclaration, position: Position, edits: Edit[], names: Set<string>): void {
  if (declaration.kind === "using" || declaration.kind === "await using") return;
  const bound = declaration.declarations.flatMap((declarator) => boundNames(declarator.id));
  if (bound.some((name) => LOCAL_NAMES.has(name))) return;
  for (const name of bound) names.add(name);
  const keywordEnd = declaration.start + declaration.kind.length;
  const [first] = declaration.declarations;
  const patternFirst = position !== "head" && first !== undefined && first.id.type !== "Identifier";
  // The `(` makes `{a} = o` an expression; in a list, `;` keeps the line before from continuing into that `(`. (Alone
  // as the body of an `if`, a `;` would become the body.)
  const opening = position === "list" ? ";(" : "(";
  const keyword = patternFirst ? opening.padEnd(declaration.kind.length) : " ".repeat(declaration.kind.length);
  edits.push({ start: declaration.start, end: keywordEnd, text: keyword });
  declaration.declarations.forEach((declarator, index) => {
    const wrap = position !== "head" && declarator.id.type !== "Identifier";
    if (wrap && index > 0) edits.push({ start: declarator.start, end: declarator.start, text: "(" });
    // `let x;` starts x afresh; `var x;` keeps what x held, as a redeclared var does.
    const reset = declarator.init == null && declaration.kind !== "var" && position !== "head";
    if (reset) edits.push({ start: declarator.end, end: declarator.end, text: "=void 0" });
    if (wrap) edits.push({ start: declarator.end, end: declarator.end, text: ")" });
  });
}

/** The names a binding pattern declares. */
export function boundNames(pattern: Pattern): string[] {
  switch (pattern.type) {
    case "Identifier":
      return [pattern.name];
    case "ObjectPattern":
      return pattern.properties.flatMap((property) => boundNames(property.type === "RestElement" ? property : property.value));
    case "ArrayPattern":
      return pattern.elements.flatMap((element) => (element ? boundNames(element) : []));
    case "RestElement":
      return boundNames(pattern.argument);
    case "AssignmentPattern":
      return boundNames(pattern.left);
    default:
      return [];
  }
}

function declaresGlobalThis(statement: Statement): boolean {
  if (statement.type === "FunctionDeclaration" || statement.type === "ClassDeclaration") return statement.id.name === "globalThis";
  if (statement.type !== "VariableDeclaration") return false;
  return statement.declarations.some((declarator) => boundNames(declarator.id).includes("globalThis"));
}

function isNode(value: unknown): value is Node {
  return typeof value === "object" && value !== null && typeof (value as Node).type === "string";
}
