import { transformSync } from "@swc/wasm-typescript-esm";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import "./__fixtures__/install-type-stripper.js";
import { scanScript } from "./scan-script.js";

const javascript = [
  "const a = { b: 1, 'c': [2, 3], [d]: e ? f : g }", "if (a < b) c = d > e", "label: for (;;) break label",
  "switch (x) { case 1: y(); default: z() }", "return a?.b ?? c?.[0]", "x = `t ${a ? b : c} u`", "r = /[:<>!?]/g.test(s)",
  "f(a, (b) => ({ c: b }))", "async function h(p, q = 1) { return await p }", "let v = !w && x !== y", "i++", "o.type = 1",
  "const type = 2", "n = a < b ? c : d", "{ let inner = 1 }", "try { t() } catch (e) { u(e) }", "m = { get g() { return 1 } }",
];
const typescript = [
  "let a: number = 1", "function f<T>(x: T): T { return x }", "g<string>(y)", "const b = c as D", "e!.f", "type T = string",
  "interface I { x: number }", "enum E { A }", "declare const z: number", "class K { private p = 1 }", "(q?) => q",
  "const s = t satisfies U", "function o(a); function o(a) {}", "const r = (a): number => a", "@dec class L {}",
  "namespace N {}", "let w!: string", "const v = <T,>(x: T) => x", "try {} catch (e: unknown) {}",
];
const separator = fc.constantFrom(";\n", "; ", "\n", ";\n\n  ");
const program = fc
  .array(fc.tuple(fc.constantFrom(...javascript, ...typescript), separator), { minLength: 1, maxLength: 6 })
  .map((parts) => parts.map(([fragment, sep]) => fragment + sep).join(""));

describe("scanScript", () => {
  it("says a script cannot hold TypeScript only when the stripper would leave it unchanged", () => {
    fc.assert(
      fc.property(program, (code) => {
        if (scanScript(code).mayContainTypes) return;
        const wrapped = `(async () => {\n${code}\n})()`;
        let stripped: string;
        try {
          stripped = transformSync(wrapped, { mode: "strip-only" }).code;
        } catch (thrown) {
          // Invalid JavaScript may be left to the engine; TypeScript that cannot be stripped may not.
          expect((thrown as { code?: string }).code).toBe("InvalidSyntax");
          return;
        }
        expect(stripped).toBe(wrapped);
      }),
      { numRuns: 400 },
    );
  });

  it("says TypeScript may be present in every TypeScript fragment wherever it appears", () => {
    fc.assert(
      fc.property(program, fc.constantFrom(...typescript), (code, fragment) => {
        expect(scanScript(`${code};\n${fragment}`).mayContainTypes).toBe(true);
      }),
      { numRuns: 200 },
    );
  });
});
