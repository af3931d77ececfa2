// The one build config of the published packages: ESM for Node 20, with declarations.
import { defineConfig } from "tsdown";

/** A package's build: its entries, plus any option it needs beyond the shared ones. */
export function defineBuild(entry, options = {}) {
  return defineConfig({
    entry,
    format: "esm",
    platform: "node",
    target: "node20",
    dts: true,
    clean: true,
    // package.json names .js files; tsdown 0.21 would write .mjs for platform node.
    fixedExtension: false,
    ...options,
  });
}
