import { describe, expect, it } from "vitest";
import "./__fixtures__/install-type-stripper.js";
import { runInQuickJS } from "./__fixtures__/run-in-quickjs.js";
import { locateError } from "./locate-error.js";
import { prepareScript } from "./prepare-script.js";

const options = { maxCodeBytes: 64 * 1024 };

// Runs the code in the sandbox's real QuickJS build and locates the error it ends with, as the sandbox does.
async function locate(code: string): Promise<{ line: number; column: number } | null> {
  const prepared = prepareScript(code, options);
  const outcome = await runInQuickJS(prepared.source, prepared.fileName);
  if (outcome.status !== "rejected" && outcome.status !== "thrown") throw new Error(`script ended ${outcome.status}`);
  return locateError(String(outcome.error.stack ?? ""), prepared);
}

describe("locateError", () => {
  // QuickJS places a failed property read at its dot and an Error at the parenthesis of its construction.
  it("points at a throw in the script's body", async () => {
    expect(await locate('const a = 1;\n  throw new Error("boom")')).toEqual({ line: 2, column: 18 });
  });

  it("points inside a nested function rather than at its call", async () => {
    expect(await locate("function f() {\n  null.x;\n}\nf()")).toEqual({ line: 2, column: 7 });
  });

  it("points at an error after an await and in a promise job", async () => {
    expect(await locate("await null;\nconst o = {};\n   o.a.b")).toEqual({ line: 3, column: 7 });
    expect(await locate("const p = Promise.resolve(1).then((v) => {\n  v.a.b;\n});\nawait p;")).toEqual({
      line: 2,
      column: 6,
    });
  });

  it("counts columns after non-ASCII text in UTF-16 units of the user's line", async () => {
    expect(await locate('```js\nconst s = "é😀"; null.x\n```')).toEqual({ line: 2, column: 22 });
  });

  it("counts lines the same way when the code uses CRLF line endings", async () => {
    expect(await locate("const a = 1;\r\nconst b = 2;\r\n  null.x;\r\n")).toEqual({ line: 3, column: 7 });
  });

  it("points at a SyntaxError found at compile time", async () => {
    expect(await locate("const a = 1;\nconst = 2;")).toEqual({ line: 2, column: 7 });
  });

  it("places a SyntaxError at the end of the program at the end of the user's code", async () => {
    expect(await locate("const a = 1;\nreturn a +")).toEqual({ line: 2, column: 11 });
  });

  it("skips frames of eval and natives and reports where the user's code called them", async () => {
    expect(await locate('const a = 1;\n  eval("\\n\\n  null.x")')).toEqual({ line: 2, column: 7 });
    expect(await locate("[1].map((v) => {\n  v.a.b;\n})")).toEqual({ line: 2, column: 6 });
  });

  it("reads recorded stacks, whose columns count code points unless told otherwise", () => {
    // Stacks recorded from @jitl/quickjs-wasmfile-release-sync 0.32.0 running these very scripts.
    const runtime = prepareScript('function f() {\n  null.x;\n}\nconst s = "é😀"; f()', options);
    const runtimeStack =
      "    at f (codemode-script.js:3:7)\n    at <anonymous> (codemode-script.js:5:18)\n    at <eval> (codemode-script.js:6:13)\n";
    expect(locateError(runtimeStack, runtime)).toEqual({ line: 2, column: 7 });
    const atEnd = prepareScript("const a = 1;\nreturn a +", options);
    expect(locateError("    at codemode-script.js:4:1\n", atEnd)).toEqual({ line: 2, column: 11 });
    const midway = prepareScript("const a = 1;\nconst = 2;", options);
    expect(locateError("    at codemode-script.js:3:7\n", midway)).toEqual({ line: 2, column: 7 });
    // quickjs-ng counts UTF-8 bytes: `f()` starts at byte 21 of `const s = "é😀"; f()`.
    const ng = "    at <anonymous> (codemode-script.js:5:21)\n";
    expect(locateError(ng, runtime, { columnUnit: "utf8" })).toEqual({ line: 4, column: 18 });
  });

  it("returns null when no frame is in the user's code", () => {
    const prepared = prepareScript("return 1", options);
    expect(locateError("", prepared)).toBeNull();
    expect(locateError("    at map (native)\n    at <eval> (codemode-script.js:3:8)\n", prepared)).toBeNull();
    expect(locateError("    at f (other.js:2:1)\n", prepared)).toBeNull();
  });
});
