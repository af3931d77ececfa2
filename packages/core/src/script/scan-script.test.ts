import { describe, expect, it } from "vitest";
import { scanScript } from "./scan-script.js";

const plainScripts = [
  "return 1",
  'const r = await tools.billing.list_invoices({ status: "open", limit: 10 });\nif (!r.ok) return r.error;\nreturn r.data.filter((x) => x.amount > 100).map((x) => ({ id: x.id, total: x.amount }));',
  "for (let i = 0; i < 10; i++) { if (i % 2 !== 0) continue; }",
  "const a = x ? { b: 1, c: y ? 2 : 3 } : [z ? 4 : 5];",
  "outer: for (const x of xs) { switch (x) { case 1: break outer; default: { break } } }",
  "const s = `a ${b ? `c${d}` : e} f`; const re = /[/:<>]+\\/as/g; return s.replace(re, '')",
  "if (ok) /x:y/.test(s); const t = a?.b ?? c?.[d]; return t!==t ? 1:2",
  "const o = { 'k': 1, [key]: 2, 3: 4, ...rest, m() { return this.k }, get g() { return 1 } }; return o",
  "// type: a comment with <generic> and as\n/* interface X { a: number } */ return '<T>x as y'",
  "const type = 1; const declare = 2; return { type, module: declare }",
  "async function f(a, b = 2) { return a + b }\nreturn await f(1)",
  "try { x() } catch (e) { return e.message } finally { done = true }",
  "let n = 1\nn++\nconst m = a < b\nreturn m",
];

const typedScripts = [
  "const n: number = 1; return n",
  "let x!: string;",
  "function f<T>(x: T): T { return x }",
  "return f<string>(x)",
  "const a = x as unknown as string;",
  "const b = value satisfies Shape;",
  "return obj!.name",
  "const f = (a?) => a;",
  "type Id = string;\nreturn 1",
  "interface Row { id: string }",
  "enum Color { Red }",
  "namespace N {}",
  "declare const x: number;",
  "class A { private x = 1 }",
  "function over(a);\nfunction over(a) { return a }",
  "const g = (a, b): number => a + b;",
  "const o = { m(): number { return 1 } };",
  "try {} catch (e: unknown) {}",
  "const p = <T,>(x) => x;",
  "@decorator\nfunction f() {}",
  "const t = `${(a: number) => a}`;",
];

describe("scanScript", () => {
  it.each(plainScripts)("finds no TypeScript in plain JavaScript: %s", (code) => {
    expect(scanScript(code).mayContainTypes).toBe(false);
  });

  it.each(typedScripts)("says TypeScript may be present: %s", (code) => {
    expect(scanScript(code).mayContainTypes).toBe(true);
  });

  it("gives the offset of a decorator but ignores @ in strings, comments and regular expressions", () => {
    expect(scanScript("const a = '@x'; // @y\nconst r = /@z/;\n  @dec class A {}").decoratorOffset).toBe(40);
    expect(scanScript("const a = '@x'; /* @y */ return `@${1}`").decoratorOffset).toBeNull();
  });

  it("says TypeScript may be present when a string, comment or bracket is left open", () => {
    expect(scanScript("return 'abc").mayContainTypes).toBe(true);
    expect(scanScript("return 1 /* open").mayContainTypes).toBe(true);
    expect(scanScript("return f(1").mayContainTypes).toBe(true);
  });
});
