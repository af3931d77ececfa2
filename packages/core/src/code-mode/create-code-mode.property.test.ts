import fc from "fast-check";
import { afterAll, describe, expect, it } from "vitest";
import { CodeModeError } from "../errors/index.js";
import { checkExecutionResult } from "../testing/index.js";
import { defineTool } from "../tools/index.js";
import { fuzzScript } from "./__fixtures__/fuzz-script.js";
import { fuzzValue, toSource } from "./__fixtures__/fuzz-value.js";
import { createCodeMode } from "./create-code-mode.js";

// Seeded, so that a failure replays: FUZZ_SEED=<the seed printed below> npx vitest run <this file>. FUZZ_RUNS raises
// the count for a longer hunt; the default keeps the file near ten seconds on a shared 2-core machine.
const seed = Number(process.env.FUZZ_SEED) || Math.floor(Math.random() * 2 ** 31);
const numRuns = Number(process.env.FUZZ_RUNS) || 250;
console.log(`create-code-mode property tests: seed ${seed}, ${numRuns} runs each`);
const parameters = { seed, numRuns };

const limits = {
  timeoutMs: 5000,
  memoryBytes: 16 * 1024 * 1024,
  maxHostCalls: 40,
  maxOutputBytes: 64 * 1024,
  maxLogLines: 20,
  maxLogLineBytes: 256,
};
const tools = [
  defineTool({ name: "fuzz.echo", description: "Returns its arguments.", execute: async (args: unknown) => args }),
  defineTool({
    name: "fuzz.fail",
    description: "Always fails.",
    execute: async () => {
      throw new CodeModeError("TOOL_ERROR", "The fuzz tool fails on purpose.");
    },
  }),
];
// Unchecked: the fuzzed scripts are for the engine, and most call tools the check would refuse.
const codeMode = createCodeMode({ tools, poolSize: 2, limits, check: "off" });
const prototypes = () => [Object.prototype, Array.prototype].map((prototype) => Reflect.ownKeys(prototype).length).join();
const before = prototypes();

/** The host survives: the next run works and no prototype of the host changed. */
async function expectHostAlive() {
  expect(await codeMode.execute("return 1 + 1;")).toMatchObject({ status: "completed", result: 2 });
  expect(prototypes()).toBe(before);
}

// What the guest sends as a tool's arguments: JSON.stringify with BigInt, functions and symbols refused, bytes as base64.
function referenceArguments(value: unknown): unknown {
  const text = JSON.stringify(value === undefined ? {} : value, (_key, item: unknown) => {
    if (typeof item === "bigint" || typeof item === "function" || typeof item === "symbol") throw new TypeError(typeof item);
    // Bytes travel to a tool as base64 text.
    if (item instanceof Uint8Array) return Buffer.from(item.buffer, item.byteOffset, item.byteLength).toString("base64");
    return item;
  });
  return JSON.parse(text);
}

const bytes = (value: unknown) => Buffer.byteLength(JSON.stringify(value) ?? "null");

describe("createCodeMode", () => {
  afterAll(() => codeMode.close());

  it("gives a well-formed result for any script of the grammar, and keeps running", async () => {
    await fc.assert(
      fc.asyncProperty(fuzzScript, async (code) => {
        const result = await codeMode.execute(code);
        expect(checkExecutionResult(result, limits)).toEqual([]);
        expect(JSON.parse(JSON.stringify(result))).toEqual(result);
      }),
      parameters,
    );
    await expectHostAlive();
  });

  it("returns what the serialiser's table says for any returned value", async () => {
    await fc.assert(
      fc.asyncProperty(fuzzValue, async ({ code, expected }) => {
        const result = await codeMode.execute(`return ${code};`);
        expect(checkExecutionResult(result, limits)).toEqual([]);
        const wanted = expected === undefined ? null : expected;
        if (bytes(wanted) > limits.maxOutputBytes / 2) return;
        expect(result).toMatchObject({ status: "completed" });
        expect(result.result).toEqual(wanted);
      }),
      parameters,
    );
    await expectHostAlive();
  });

  it("delivers any JSON arguments to the tool unchanged and refuses the rest with invalid_arguments", async () => {
    const anything = fc.anything({
      withBigInt: true,
      withDate: true,
      withMap: true,
      withSet: true,
      withTypedArray: true,
      withNullPrototype: true,
      maxDepth: 3,
      stringUnit: "binary",
    });
    await fc.assert(
      fc.asyncProperty(anything, async (value) => {
        const result = await codeMode.execute(`return await tools.fuzz.echo(${toSource(value)});`);
        expect(checkExecutionResult(result, limits)).toEqual([]);
        let reference: unknown;
        try {
          reference = referenceArguments(value);
        } catch {
          expect(result.result).toMatchObject({ ok: false, error: { code: "invalid_arguments" } });
          return;
        }
        if (bytes(reference) > limits.maxOutputBytes / 2) return;
        expect(result.result).toEqual({ ok: true, data: reference, meta: { omitted: 0 } });
      }),
      parameters,
    );
    await expectHostAlive();
  });
});
