/** The AST visitors that hand `check` the source node of every import and re-export, type-only and dynamic ones too. */
export function visitImportSources(check) {
  return {
    ImportDeclaration: (node) => check(node.source),
    ExportNamedDeclaration: (node) => check(node.source),
    ExportAllDeclaration: (node) => check(node.source),
    ImportExpression: (node) => node.source.type === "Literal" && check(node.source),
    TSImportType: (node) => check(node.argument?.type === "TSLiteralType" ? node.argument.literal : node.argument),
  };
}
