// The one build config of the published packages: ESM for Node 22 and later (their `engines`), with declarations.
import { readFile } from "node:fs/promises";
import { dirname, resolve } from "node:path";
import { defineConfig } from "tsdown";

const RAW = "?raw";

/**
 * `import text from "./file.js?raw"` gives the file's text as a string, as vitest does: the core bundles in the
 * JavaScript that runs inside its sandbox so, from real source files that lint and typecheck see.
 */
const rawText = {
  name: "codemode:raw-text",
  // Filters let the bundler call the hooks for `?raw` ids only, rather than for every module.
  resolveId: {
    filter: { id: /\?raw$/ },
    handler(source, importer) {
      if (importer === undefined) return null;
      return resolve(dirname(importer), source.slice(0, -RAW.length)) + RAW;
    },
  },
  load: {
    filter: { id: /\?raw$/ },
    async handler(id) {
      const text = await readFile(id.slice(0, -RAW.length), "utf8");
      return { code: `export default ${JSON.stringify(text)};`, moduleType: "js" };
    },
  },
};

/** A package's build: its entries, plus any option it needs beyond the shared ones. */
export function defineBuild(entry, options = {}) {
  const { plugins = [], ...rest } = options;
  return defineConfig({
    entry,
    format: "esm",
    platform: "node",
    target: "node22",
    dts: true,
    clean: true,
    // package.json names .js files; tsdown 0.21 would write .mjs for platform node.
    fixedExtension: false,
    plugins: [rawText, ...(Array.isArray(plugins) ? plugins : [plugins])],
    ...rest,
  });
}
