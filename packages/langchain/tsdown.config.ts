import { defineConfig } from "tsdown";

export default defineConfig({
  entry: { index: "src/index.ts" },
  format: "esm",
  platform: "node",
  target: "node20",
  dts: true,
  clean: true,
  // package.json exports point at .js and .d.ts; tsdown 0.21 would write .mjs for platform node.
  fixedExtension: false,
});
