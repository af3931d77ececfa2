// Type-checks TypeScript text in memory with the real compiler, so tests can prove the generated declarations compile.
import ts from "typescript";

const FILE = "/virtual/generated.ts";
const OPTIONS: ts.CompilerOptions = {
  strict: true,
  noEmit: true,
  target: ts.ScriptTarget.ES2022,
  lib: ["lib.es2022.d.ts"],
  types: [],
  skipLibCheck: true,
};
const libraries = new Map<string, ts.SourceFile | undefined>();

/** The compiler's error messages for `source`, or [] when it type-checks. */
export function typeCheck(source: string): string[] {
  const host = ts.createCompilerHost(OPTIONS);
  const getSourceFile = host.getSourceFile.bind(host);
  host.getSourceFile = (name, language, ...rest) => {
    if (name === FILE) return ts.createSourceFile(name, source, language, true);
    if (!libraries.has(name)) libraries.set(name, getSourceFile(name, language, ...rest));
    return libraries.get(name);
  };
  const fileExists = host.fileExists.bind(host);
  host.fileExists = (name) => name === FILE || fileExists(name);
  const program = ts.createProgram([FILE], OPTIONS, host);
  return ts.getPreEmitDiagnostics(program).map((diagnostic) => {
    const where = diagnostic.file && diagnostic.start !== undefined
      ? `${diagnostic.file.getLineAndCharacterOfPosition(diagnostic.start).line + 1}: `
      : "";
    return where + ts.flattenDiagnosticMessageText(diagnostic.messageText, "\n");
  });
}
