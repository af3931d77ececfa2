import { defineConfig } from "tsdown";

export default defineConfig({
  entry: { index: "src/index.ts" },
  format: "esm",
  platform: "node",
  target: "node20",
  dts: true,
  clean: true,
  // package.json names .js files; tsdown would write .mjs on Node.
  fixedExtension: false,
});
