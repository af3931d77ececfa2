import type { AdversarialCase } from "./adversarial-case.js";

const rejected = (name: string, code: string): AdversarialCase => ({
  name,
  category: "typescript",
  profile: "roomy",
  code,
  expect: { status: "failed", kind: "ParseError" },
});

/**
 * Scripts the preparation step must reject with a ParseError: TypeScript that strip-only mode cannot run (it would
 * need code generation), module syntax, and a script over maxCodeBytes.
 */
export const TYPESCRIPT_CASES: readonly AdversarialCase[] = [
  rejected("an enum", "enum Color { Red }\nreturn Color.Red;"),
  rejected("a const enum", "const enum Color { Red }\nreturn Color.Red;"),
  rejected("a namespace", "namespace N { export const x = 1; }\nreturn N.x;"),
  rejected("a module declaration with a body", "module M { export const x = 1; }\nreturn 1;"),
  rejected("parameter properties", "class A { constructor(private x: number) {} }\nreturn new A(1);"),
  rejected("a decorator", "function d(t: any) { return t; }\n@d class A {}\nreturn 1;"),
  rejected("an angle-bracket cast", "const x = <number>1;\nreturn x;"),
  rejected("an import declaration", "import fs from 'node:fs';\nreturn 1;"),
  rejected("an export declaration", "export const x = 1;\nreturn x;"),
  rejected("import.meta", "return import.meta;"),
  rejected("a script larger than maxCodeBytes", `// ${"x".repeat(300 * 1024)}\nreturn 1;`),
];
