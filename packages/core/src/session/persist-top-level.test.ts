import type { QuickJSContext } from "quickjs-emscripten-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import "../script/__fixtures__/install-type-stripper.js";
import { loadQuickJS } from "../script/__fixtures__/run-in-quickjs.js";
import { locateError, prepareScript } from "../script/index.js";
import { persistTopLevel } from "./persist-top-level.js";

let context: QuickJSContext;

beforeAll(async () => {
  context = (await loadQuickJS()).newContext();
});
afterAll(() => context.dispose());

/** Prepares and rewrites `code`, runs it in the shared context (as one session's runs share it), and returns its value. */
async function run(code: string): Promise<unknown> {
  const source = await persistTopLevel(prepareScript(code, { maxCodeBytes: 65_536 }).source);
  const promise = context.unwrapResult(context.evalCode(source, "codemode-script.js", { type: "global" }));
  context.runtime.executePendingJobs();
  const state = context.getPromiseState(promise);
  promise.dispose();
  if (state.type === "pending") throw new Error("pending");
  const value = context.dump(state.type === "fulfilled" ? state.value : state.error);
  (state.type === "fulfilled" ? state.value : state.error).dispose();
  if (state.type === "rejected") throw new Error(`${value.name}: ${value.message}`);
  return value;
}

/** The stack of the error a program's promise rejects with, or null. */
function stackOf(source: string): string | null {
  const promise = context.unwrapResult(context.evalCode(source, "codemode-script.js", { type: "global" }));
  context.runtime.executePendingJobs();
  const state = context.getPromiseState(promise);
  promise.dispose();
  if (state.type !== "rejected") {
    if (state.type === "fulfilled") state.value.dispose();
    return null;
  }
  const stack = context.getProp(state.error, "stack");
  state.error.dispose();
  const text = context.getString(stack);
  stack.dispose();
  return text;
}

describe("persistTopLevel", () => {
  it("keeps const, let and var declarations for the next run", async () => {
    await run("const a = 1; let b = 2\nvar c = 3;");
    expect(await run("return a + b + c")).toBe(6);
  });

  it("keeps functions, callable before their declaration, and classes", async () => {
    await run("const early = twice(4);\nfunction twice(n) { return n * 2 }\nclass Box { constructor(v) { this.v = v } }\nconst seen = early;");
    expect(await run("return [twice(seen), new Box(5).v]")).toEqual([16, 5]);
  });

  it("keeps destructured names, including after a line without a semicolon", async () => {
    await run("const list = [1, 2]\nconst [first, second] = list\nconst { x, y: [z] = [9], ...rest } = { x: 1, q: 2 }");
    expect(await run("return [first, second, x, z, rest]")).toEqual([1, 2, 1, 9, { q: 2 }]);
  });

  it("keeps plain assignments and vars of loop heads, but not a for-let counter or block lets", async () => {
    await run("assigned = 'yes'\nfor (var i = 0; i < 3; i++) {}\nfor (let j = 0; j < 1; j++) {}\n{ let inner = 1; var hoisted = inner }");
    expect(await run("return [assigned, i, typeof j, typeof inner, hoisted]")).toEqual(["yes", 3, "undefined", "undefined", 1]);
  });

  it("keeps a destructuring var that is the lone body of an if, only when the if runs", async () => {
    await run("if (false) var { skipped } = { skipped: 1 };\nif (true) var [taken] = [2];");
    expect(await run("return [typeof skipped, taken]")).toEqual(["undefined", 2]);
  });

  it("starts a bare let afresh and leaves a bare var as it was", async () => {
    await run("let fresh = 1; var kept = 2");
    expect(await run("let fresh; var kept; return [fresh === undefined, kept]")).toEqual([true, 2]);
  });

  it("leaves declarations of the sandbox's own globals and of built-ins local to the run", async () => {
    await run("const tools = 'mine'; const JSON = 'shadowed'; const other = [tools, JSON];");
    expect(await run("return [typeof tools, typeof JSON.stringify, other]")).toEqual(["undefined", "function", ["mine", "shadowed"]]);
  });

  it("keeps each line and column where the user wrote them", async () => {
    const code = "const a = 1;\nlet { b } = { b: 2 };\n  const c = a + b; null.boom;";
    const prepared = prepareScript(code, { maxCodeBytes: 65_536 });
    const rewritten = stackOf(await persistTopLevel(prepared.source));
    expect(rewritten).not.toBeNull();
    expect(locateError(rewritten!, prepared)).toEqual(locateError(stackOf(prepared.source)!, prepared));
    expect(locateError(rewritten!, prepared)?.line).toBe(3);
  });

  it("returns code the parser rejects unchanged, for QuickJS to report", async () => {
    const source = prepareScript("const = ;", { maxCodeBytes: 65_536 }).source;
    expect(await persistTopLevel(source)).toBe(source);
  });

  it("returns a program without declarations unchanged", async () => {
    const source = prepareScript("return 1 + 1", { maxCodeBytes: 65_536 }).source;
    expect(await persistTopLevel(source)).toBe(source);
  });
});
