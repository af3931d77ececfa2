import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";
import { AI_MAJOR, MockLanguageModel } from "../../../packages/ai-sdk/src/__fixtures__/ai-major.js";

const require = createRequire(import.meta.url);
const versionFrom = (from: string, name: string) =>
  (createRequire(from)(`${name}/package.json`) as { version: string }).version;

describe("the ai 7 run", () => {
  it("gives the adapter's own test files ai 7 and its MockLanguageModelV4", () => {
    expect(AI_MAJOR).toBe(7);
    expect(new MockLanguageModel().specificationVersion).toBe("v4");
  });

  it("installs @codemode/ai-sdk so that the adapter itself loads ai 7.0.173", () => {
    const adapterEntry = require.resolve("@codemode/ai-sdk");
    expect(versionFrom(adapterEntry, "ai")).toBe("7.0.173");
    // The injected copy is refreshed after each build (syncInjectedDepsAfterScripts); a stale one would test old code.
    const built = new URL("../../../packages/ai-sdk/dist/index.js", import.meta.url);
    expect(readFileSync(adapterEntry, "utf8")).toBe(readFileSync(built, "utf8"));
  });

  it("has the @ai-sdk/mcp 2 line here, where the adapter's own package has the 1 line", () => {
    expect(versionFrom(import.meta.url, "@ai-sdk/mcp")).toMatch(/^2\./);
    const adapterPackage = new URL("../../../packages/ai-sdk/package.json", import.meta.url);
    expect(versionFrom(adapterPackage.href, "@ai-sdk/mcp")).toMatch(/^1\./);
  });
});
