// Each adapter exports, by name, every type of @codemode/core that its own declarations name (its options, its
// results) and every type an ExecutionResult is made of, so its users never reach into @codemode/core for a type:
// with pnpm or Yarn PnP they could not import it without adding the core as a dependency of their own.
// Reads the built declarations (run after the build).
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import ts from "typescript";

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
// Every published package but the core.
const ADAPTERS = readdirSync(path.join(root, "packages")).filter((name) => {
  const manifest = path.join(root, "packages", name, "package.json");
  return name !== "core" && existsSync(manifest) && !JSON.parse(readFileSync(manifest, "utf8")).private;
});
const CORE_TYPES = path.join(root, "packages/core/dist/index.d.ts");

/** The names an `export { ... }` or `import { ... } from "<from>"` statement of a .d.ts lists. */
function namesIn(file, kind, from) {
  const source = ts.createSourceFile(file, readFileSync(file, "utf8"), ts.ScriptTarget.Latest);
  const names = new Set();
  for (const statement of source.statements) {
    if (kind === "import" && ts.isImportDeclaration(statement) && statement.moduleSpecifier.text === from) {
      const bindings = statement.importClause?.namedBindings;
      if (bindings && ts.isNamedImports(bindings)) for (const element of bindings.elements) names.add((element.propertyName ?? element.name).text);
    }
    if (kind === "export" && ts.isExportDeclaration(statement) && statement.exportClause && ts.isNamedExports(statement.exportClause)) {
      for (const element of statement.exportClause.elements) names.add(element.name.text);
    }
  }
  return names;
}

/** The core's exported types that `start` is made of, itself included, following every type reference. */
function madeOf(start) {
  const program = ts.createProgram([CORE_TYPES], { strict: true, noEmit: true });
  const checker = program.getTypeChecker();
  const exported = new Map(checker.getExportsOfModule(checker.getSymbolAtLocation(program.getSourceFile(CORE_TYPES))).map((symbol) => [symbol.name, symbol]));
  const found = new Set();
  const visit = (name) => {
    if (found.has(name) || !exported.has(name)) return;
    found.add(name);
    let symbol = exported.get(name);
    if (symbol.flags & ts.SymbolFlags.Alias) symbol = checker.getAliasedSymbol(symbol);
    const walk = (node) => {
      if (ts.isTypeReferenceNode(node)) visit(node.typeName.getText());
      ts.forEachChild(node, walk);
    };
    for (const declaration of symbol.declarations ?? []) walk(declaration);
  };
  visit(start);
  return found;
}

const resultTypes = madeOf("ExecutionResult");
let problems = 0;
for (const adapter of ADAPTERS) {
  const declarations = path.join(root, "packages", adapter, "dist/index.d.ts");
  const exported = namesIn(declarations, "export");
  const needed = new Set([...namesIn(declarations, "import", "@codemode/core"), ...resultTypes]);
  const missing = [...needed].filter((name) => !exported.has(name)).sort();
  problems += missing.length;
  console.log(
    missing.length === 0
      ? `@codemode/${adapter} exports every core type it names (${needed.size}).`
      : `@codemode/${adapter} names core types it does not export; add them to packages/${adapter}/src/index.ts: ${missing.join(", ")}`,
  );
}
process.exit(problems === 0 ? 0 : 1);
