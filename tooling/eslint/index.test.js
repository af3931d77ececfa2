// Lints small packages written to a temporary folder with the real shared config, through ESLint's Node API.
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { ESLint } from "eslint";
import { afterAll, describe, expect, it } from "vitest";
import { codemodeConfig } from "./index.js";

const LAYERS = [["errors", "envelopes"], ["limits"], ["catalog"], ["sandbox"], ["code-mode"]];
const roots = [];
afterAll(() => roots.forEach((root) => rmSync(root, { recursive: true, force: true })));

/** Writes `files` into a fresh package folder and lints them all; returns "file:line rule" for every message. */
async function lint(files, options = { core: { layers: LAYERS, entryOnly: ["testing"] } }) {
  const root = mkdtempSync(path.join(tmpdir(), "codemode-eslint-"));
  roots.push(root);
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), text);
  }
  const eslint = new ESLint({ cwd: root, overrideConfigFile: true, overrideConfig: codemodeConfig(options) });
  // Fixtures are data, ignored by the config like any __fixtures__ folder.
  const results = await eslint.lintFiles(Object.keys(files).filter((file) => !file.includes("__fixtures__/")));
  return results
    .flatMap((result) => result.messages.map((message) => `${path.relative(root, result.filePath)}:${message.line} ${message.ruleId}`))
    .sort();
}

describe("codemodeConfig", () => {
  it("refuses an import cycle, also when one side imports only types", async () => {
    const messages = await lint({
      "src/errors/index.ts": 'export { first } from "./first.js";\n',
      "src/errors/first.ts": 'import { second } from "./second.js";\nexport const first = () => second;\n',
      "src/errors/second.ts": 'import type { first } from "./first.js";\nexport const second = (_: typeof first) => 2;\n',
    });
    expect(messages).toEqual(["src/errors/first.ts:1 codemode/no-cycle", "src/errors/second.ts:1 codemode/no-cycle"]);
  });

  it("refuses a deep import into another folder, and accepts the folder or its index", async () => {
    const messages = await lint({
      "src/catalog/index.ts": 'export { searchCatalog } from "./search-catalog.js";\n',
      "src/catalog/search-catalog.ts": "export const searchCatalog = () => [];\n",
      "src/code-mode/deep.ts": 'export { searchCatalog } from "../catalog/search-catalog.js";\n',
      "src/code-mode/by-index.ts": 'export { searchCatalog } from "../catalog/index.js";\n',
      "src/code-mode/by-folder.ts": 'export { searchCatalog } from "../catalog";\n',
      "src/code-mode/raw-text.ts": 'export { default as prelude } from "./guest/prelude.js?raw";\n',
    });
    expect(messages).toEqual(["src/code-mode/deep.ts:1 no-restricted-imports"]);
  });

  it("refuses a deep import in an adapter too, and a core file reached by path", async () => {
    const messages = await lint(
      {
        "src/gateway/index.ts": "export const gateway = 1;\n",
        "src/gateway/create-gateway.ts": "export const createGateway = () => 1;\n",
        "src/cli/run-cli.ts": 'import { createGateway } from "../gateway/create-gateway.js";\nexport const run = createGateway;\n',
        "src/index.ts": 'export { defineTool } from "@codemode/core/tools";\n',
      },
      { adapter: true },
    );
    expect(messages).toEqual(["src/cli/run-cli.ts:1 no-restricted-imports", "src/index.ts:1 no-restricted-imports"]);
  });

  it("refuses every framework import in the core, type-only ones too", async () => {
    const frameworks = ["ai", "ai/test", "@ai-sdk/provider", "langchain", "@langchain/core/tools", "@modelcontextprotocol/sdk/types.js", "@tanstack/ai", "@mastra/core/tools", "@openai/agents", "@cloudflare/codemode"];
    const text = frameworks.map((name, index) => `import type { X as X${index} } from "${name}";`).join("\n");
    const messages = await lint({ "src/limits/frameworks.ts": `${text}\nexport type All = [${frameworks.map((_, i) => `X${i}`).join(", ")}];\n` });
    expect(messages).toEqual(frameworks.map((_, index) => `src/limits/frameworks.ts:${index + 1} @typescript-eslint/no-restricted-imports`).sort());
  });

  it("keeps the core's folders in layers: no upward or sideways import, the testing folder through the entry only", async () => {
    const messages = await lint({
      "src/index.ts": 'export { limit } from "./limits/index.js";\n',
      "src/errors/index.ts": 'import type { Pool } from "../sandbox/index.js";\nexport type Code = Pool;\n',
      "src/sandbox/index.ts": "export type Pool = string;\n",
      "src/envelopes/index.ts": 'import type { Code } from "../errors/index.js";\nexport type Envelope = Code;\n',
      "src/limits/index.ts": 'import type { Code } from "../errors/index.js";\nexport type Limit = Code;\nexport const limit = 1;\n',
      "src/testing/harness.ts": 'import { limit } from "../limits/index.js";\nimport { limit as fromEntry } from "../index.js";\nexport const both = [limit, fromEntry];\n',
      "src/report/index.ts": "export const report = 1;\n",
    });
    expect(messages).toEqual([
      "src/envelopes/index.ts:1 codemode/layers",
      "src/errors/index.ts:1 codemode/layers",
      "src/report/index.ts:1 codemode/layers",
      "src/testing/harness.ts:1 codemode/layers",
    ]);
  });

  const refused = {
    "it.only": 'it.only("runs", () => {});',
    "it.skip": 'it.skip("runs", () => {});',
    "it.todo": 'it.todo("runs");',
    "it.skipIf": 'it.skipIf(process.env.CI)("runs", () => {});',
    "it.runIf": 'it.runIf(process.platform === "linux")("runs", () => {});',
    "it.fails": 'it.fails("runs", () => {});',
    "test.only": 'test.only("runs", () => {});',
    "test.skip": 'test.skip("runs", () => {});',
    "test.todo": 'test.todo("runs");',
    "describe.only": 'describe.only("suite", () => {});',
    "describe.skip": 'describe.skip("suite", () => {});',
    "describe.todo": 'describe.todo("suite");',
    "describe.skipIf": 'describe.skipIf(process.env.CI)("suite", () => {});',
    "describe.runIf": 'describe.runIf(process.env.CI)("suite", () => {});',
    "suite.skip": 'suite.skip("suite", () => {});',
    "it.concurrent.skip": 'it.concurrent.skip("runs", () => {});',
    "it.concurrent.only": 'it.concurrent.only("runs", () => {});',
    "describe.sequential.todo": 'describe.sequential.todo("suite");',
    "an extended test's skip": 'test.extend({}).skip("runs", () => {});',
    'it["skip"]': 'it["skip"]("runs", () => {});',
    xit: 'xit("runs", () => {});',
    fdescribe: 'fdescribe("suite", () => {});',
    "the skip option": 'it("runs", { skip: true }, () => {});',
    "the only option": 'describe("suite", { only: true }, () => {});',
    "the todo option": 'test("runs", { todo: true }, () => {});',
    "the fails option": 'it("runs", { fails: true }, () => {});',
    "context.skip()": 'it("runs", (context) => { context.skip(); });',
    "a destructured skip": 'it("runs", ({ skip }) => { skip(); });',
  };

  it.each(Object.entries(refused))("refuses %s", async (_, line) => {
    const messages = await lint({ "src/limits/limits.test.ts": `${line}\n` });
    expect(messages).toEqual(["src/limits/limits.test.ts:1 codemode/no-skipped-tests"]);
  });

  it("passes a clean package: tests that all run, imports through indexes, down the layers", async () => {
    const messages = await lint({
      "src/index.ts": 'export { toCode } from "./errors/index.js";\nexport { limit } from "./limits/index.js";\n',
      "src/errors/index.ts": 'export { toCode } from "./to-code.js";\n',
      "src/errors/to-code.ts": 'import { CODES } from "./codes.js";\nexport const toCode = (key: keyof typeof CODES) => CODES[key];\n',
      "src/errors/codes.ts": 'export const CODES = { timeout: "TIMEOUT" } as const;\n',
      "src/limits/index.ts": 'import { toCode } from "../errors/index.js";\nexport const limit = toCode("timeout");\n',
      "src/limits/limits.test.ts": [
        'import { describe, expect, it, test } from "vitest";',
        'import { runCase } from "./__fixtures__/cases.js";',
        'import { createCodeMode } from "../code-mode/index.js";',
        'import { limit } from "./index.js";',
        'describe("limit", () => {',
        '  it("is the timeout code", () => expect(limit).toBe("TIMEOUT"));',
        '  it.concurrent("runs beside the others", async () => expect(await runCase()).toBe(1));',
        '  it.each([1, 2])("keeps %d", (n) => expect(n).toBeGreaterThan(0));',
        '  test("takes options", { timeout: 5_000, retry: 0 }, ({ expect }) => expect(createCodeMode).toBeDefined());',
        "});",
      ].join("\n"),
      "src/limits/__fixtures__/cases.ts": "export const runCase = async () => 1;\n",
      "src/code-mode/index.ts": 'import { limit } from "../limits/index.js";\nexport const createCodeMode = () => limit;\n',
      "src/testing/index.ts": 'export { limit } from "../index.js";\n',
    });
    expect(messages).toEqual([]);
  });
});
