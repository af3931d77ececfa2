import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";
import { defineConfig, type Plugin } from "vitest/config";

const here = fileURLToPath(new URL(".", import.meta.url));
const adapter = fileURLToPath(new URL("../../packages/ai-sdk/", import.meta.url));
const example = fileURLToPath(new URL("../../apps/ai-sdk-example/", import.meta.url));

/**
 * The adapter's and the example's own test files run here unchanged. Their bare imports of the AI SDK and of the
 * adapter resolve from this package, so they get ai 7 and @ai-sdk/mcp 2 instead of the catalog's ai 6 beside them.
 */
function resolveFromHere(): Plugin {
  const swapped = /^(ai|@ai-sdk\/mcp|@codemode\/ai-sdk)(\/|$)/;
  return {
    name: "codemode:resolve-ai7",
    enforce: "pre",
    resolveId(source, importer) {
      if (!importer || !swapped.test(source)) return null;
      if (!importer.startsWith(adapter) && !importer.startsWith(example)) return null;
      return this.resolve(source, `${here}package.json`, { skipSelf: true });
    },
  };
}

export default defineConfig({
  plugins: [resolveFromHere()],
  test: {
    dir: here,
    include: [
      "src/**/*.test.ts",
      `${adapter}src/**/*.test.ts`,
      `${example}src/**/*.test.ts`,
    ],
    testTimeout: 30_000,
    hookTimeout: 30_000,
  },
});
