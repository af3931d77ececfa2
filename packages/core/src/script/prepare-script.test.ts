import { describe, expect, it } from "vitest";
import "./__fixtures__/install-type-stripper.js";
import { runInQuickJS } from "./__fixtures__/run-in-quickjs.js";
import { prepareScript } from "./prepare-script.js";
import { isParseError, parsePositionOf, type ParsePosition } from "./parse-error.js";

const options = { maxCodeBytes: 64 * 1024 };
const run = (code: string, setup?: string) => {
  const prepared = prepareScript(code, options);
  return runInQuickJS(prepared.source, prepared.fileName, setup);
};
const parseError = (code: string): ParsePosition & { code: string; message: string } => {
  try {
    prepareScript(code, options);
  } catch (error) {
    if (isParseError(error)) return { code: error.code, message: error.message, ...parsePositionOf(error) };
    throw error;
  }
  throw new Error("prepareScript accepted the code");
};

describe("prepareScript", () => {
  it("runs the code as the body of an async function, with top-level await and return", async () => {
    expect(await run("const a = await Promise.resolve(20);\nreturn a + 1")).toEqual({ status: "fulfilled", value: 21 });
    expect(await run("const x = 1;")).toEqual({ status: "fulfilled", value: undefined });
    expect(await run("return f();\nfunction f() { return 'hoisted' }")).toEqual({ status: "fulfilled", value: "hoisted" });
  });

  it("keeps a trailing line comment from swallowing the wrapper", async () => {
    expect(await run("return 1 // comment")).toEqual({ status: "fulfilled", value: 1 });
    expect(await run("const a = 2;\nreturn a\n// the end")).toEqual({ status: "fulfilled", value: 2 });
  });

  it("never lets code close the wrapper and run outside the function body", async () => {
    const setup = "globalThis.escaped = false; globalThis.evil = () => { globalThis.escaped = true; };";
    for (const code of [
      "})(); evil(); (async () => {",
      "}})(); evil(); (async () => {{",
      "}}})(); evil(); (async () => {{{",
      "}}})(); evil(); (async () => {L:{{",
    ]) {
      const outcome = await run(code, setup);
      expect(outcome.status).toBe("thrown");
      expect(outcome).toMatchObject({ error: { name: "SyntaxError" } });
    }
  });

  it("rejects unterminated strings, templates and comments before they reach the engine", () => {
    for (const code of ["return `abc", "return 'abc", "return 1 /*", "return (1"]) {
      expect(parseError(code).line).toBe(1);
    }
    expect(parseError("return `abc").column).toBe(8);
  });

  it("removes markdown fences around the code, with any language tag and surrounding whitespace", async () => {
    for (const fence of ["```js", "```ts", "```typescript", "```javascript", "```", "```TypeScript"]) {
      const code = `\n  ${fence}\nconst v = 40;\nreturn v + 2\n\`\`\`\n  `;
      expect(await run(code)).toEqual({ status: "fulfilled", value: 42 });
    }
    expect(await run("```js\nreturn 'no closing fence'")).toEqual({ status: "fulfilled", value: "no closing fence" });
  });

  it("strips TypeScript types without moving anything", async () => {
    const code = [
      "interface Invoice { id: string; amount: number }",
      "type Id = Invoice['id'];",
      "function total<T extends Invoice>(rows: T[]): number {",
      "  return rows.reduce((sum: number, row) => sum + row.amount, 0);",
      "}",
      "const rows = [{ id: 'a', amount: 2 }, { id: 'b', amount: 3 }] as Invoice[];",
      "const first: Id = rows[0]!.id;",
      "return { first, total: total<Invoice>(rows) } satisfies object;",
    ].join("\n");
    expect(await run(code)).toEqual({ status: "fulfilled", value: { first: "a", total: 5 } });
    const prepared = prepareScript(code, options);
    expect(prepared.source.split("\n").slice(1, -1).map((line) => line.length)).toEqual(code.split("\n").map((l) => l.length));
  });

  it.each([
    ["enum", "const a = 1;\n  enum Color { Red }\nreturn a", 2, 3],
    ["namespace", "const a = 1;\nnamespace N { export const b = 1 }", 2, 1],
    ["parameter property", "class A {\n  constructor(private x: number) {}\n}", 2, 23],
    ["angle-bracket cast", "const v = 1;\nconst w = <number>v;", 2, 11],
    ["decorator on a class", "const a = 1;\n@sealed class A {}", 2, 1],
    ["decorator on a method", "class A {\n  @log m(): void {}\n}", 2, 3],
  ])("rejects a %s with the line and column in the user's text", (_name, code, line, column) => {
    const error = parseError(code);
    expect({ line: error.line, column: error.column }).toEqual({ line, column });
    expect(error.message).toContain(`line ${line}, column ${column}`);
  });

  it("positions a TypeScript error inside fences and after non-ASCII text on its line", () => {
    const error = parseError("```ts\nconst s: string = 'é中😀'; enum E { A }\n```");
    expect({ line: error.line, column: error.column }).toEqual({ line: 2, column: 27 });
  });

  it("does not run plain JavaScript through the type stripper", async () => {
    // SWC rejects `with` and legacy octal literals, which QuickJS runs in a sloppy-mode script.
    expect(await run("with ({ a: 3 }) { return a * 010 }")).toEqual({ status: "fulfilled", value: 24 });
  });

  it("refuses code over maxCodeBytes, counting UTF-8 bytes", () => {
    expect(() => prepareScript("return 'ab'", { maxCodeBytes: 11 })).not.toThrow();
    expect(() => prepareScript("return 'éé'", { maxCodeBytes: 12 })).toThrow(/13 bytes, over the 12-byte limit/);
  });

  it("maps engine positions to the user's lines, and the wrapper's lines to null", () => {
    const prepared = prepareScript("```js\nconst a = 'é😀'; null.x\n```", options);
    expect(prepared.toUserPosition(1, 5)).toBeNull();
    // `null` starts at code point 17, byte 21 and UTF-16 unit 18 of its line.
    expect(prepared.toUserPosition(3, 17)).toEqual({ line: 2, column: 18 });
    expect(prepared.toUserPosition(3, 21, "utf8")).toEqual({ line: 2, column: 18 });
    expect(prepared.toUserPosition(5, 1)).toBeNull();
  });
});
