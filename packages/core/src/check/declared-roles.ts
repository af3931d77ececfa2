import type { Project, Type } from "typescript-go/unstable/async";
import type { Node } from "typescript-go/unstable/ast";
import { SyntaxKind } from "typescript-go/unstable/ast";

/** The statements of the declarations whose types the check holds a script to: the tools and what they return. */
const TOOL_STATEMENTS = new Set(["tools", "Envelope", "Content", "ToolCallError"]);

/** What a node of the declarations file is to the check. */
export type DeclaredRole = { kind: "root" } | { kind: "namespace"; name: string } | { kind: "tool"; name: string };

type Handle = { readonly path: string; readonly index: number; resolve(project?: Project): Promise<Node | undefined> };

/** What the declarations file's nodes are to the check; see {@link createDeclaredRoles}. */
export type DeclaredRoles = ReturnType<typeof createDeclaredRoles>;

/**
 * Answers what a declaration of the declarations file is: the `tools` object, a namespace object, a tool's method, or
 * part of a tool's types. Each handle is resolved once.
 */
export function createDeclaredRoles(project: Project, declarationsPath: string) {
  const nodes = new Map<string, Promise<Node | undefined>>();
  const nodeOf = (handle: Handle) => {
    const key = `${handle.path}\u0000${handle.index}`;
    let node = nodes.get(key);
    if (!node) nodes.set(key, (node = handle.path === declarationsPath ? handle.resolve(project) : Promise.resolve(undefined)));
    return node;
  };
  const declarationsOf = async (type: Type): Promise<Node[]> => {
    const symbol = await type.getSymbol();
    const found = await Promise.all((symbol?.declarations ?? []).map(nodeOf));
    return found.filter((node): node is Node => node !== undefined);
  };
  return {
    /** The role of the object type `type`, when it is the `tools` object or one of its namespaces. */
    async ofObject(type: Type): Promise<DeclaredRole | undefined> {
      for (const node of await declarationsOf(type)) {
        const role = roleOfLiteral(node);
        if (role) return role;
      }
      return undefined;
    },
    /** The tool a signature declaration belongs to, by its full name. */
    async toolOf(handle: Handle | undefined): Promise<string | undefined> {
      const node = handle ? await nodeOf(handle) : undefined;
      if (node?.kind !== SyntaxKind.MethodSignature) return undefined;
      const owner = roleOfLiteral(node.parent);
      const name = nameOf(node);
      if (!owner || owner.kind === "tool" || name === undefined) return undefined;
      return owner.kind === "root" ? name : `${owner.name}.${name}`;
    },
    /** Whether a symbol is the `tools` global of the declarations. */
    async isToolsGlobal(symbol: { declarations: readonly Handle[] }): Promise<boolean> {
      for (const node of await Promise.all(symbol.declarations.map(nodeOf))) {
        if (node?.kind === SyntaxKind.VariableDeclaration && nameOf(node) === "tools") return true;
      }
      return false;
    },
    /** Whether a type is declared by the tools or what they return (not by the script, the catalog or the library). */
    async isToolDeclared(type: Type): Promise<boolean> {
      return (await declarationsOf(type)).some((node) => TOOL_STATEMENTS.has(statementNameOf(node) ?? ""));
    },
  };
}

/** The declarations' `tools: { ... }` type literal is the root, each of its members' type literal a namespace. */
function roleOfLiteral(node: Node | undefined): DeclaredRole | undefined {
  if (node?.kind !== SyntaxKind.TypeLiteral) return undefined;
  const parent = node.parent;
  if (parent.kind === SyntaxKind.VariableDeclaration && nameOf(parent) === "tools") return { kind: "root" };
  if (parent.kind === SyntaxKind.PropertySignature && roleOfLiteral(parent.parent)?.kind === "root") {
    const name = nameOf(parent);
    return name === undefined ? undefined : { kind: "namespace", name };
  }
  return undefined;
}

/** The name of the top-level statement a declaration sits in. */
function statementNameOf(node: Node): string | undefined {
  let statement = node;
  while (statement.parent && statement.parent.kind !== SyntaxKind.SourceFile) statement = statement.parent;
  if (statement.kind === SyntaxKind.VariableStatement) {
    const list = (statement as unknown as { declarationList: { declarations: readonly Node[] } }).declarationList;
    return list.declarations[0] ? nameOf(list.declarations[0]) : undefined;
  }
  return nameOf(statement);
}

/** The name of a declaration whose name is an identifier or a string literal. */
export function nameOf(node: Node): string | undefined {
  const name = (node as unknown as { name?: Node & { text?: string } }).name;
  if (!name || (name.kind !== SyntaxKind.Identifier && name.kind !== SyntaxKind.StringLiteral)) return undefined;
  return name.text;
}
