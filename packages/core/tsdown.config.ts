import { defineConfig } from "tsdown";

export default defineConfig({
  entry: {
    index: "src/index.ts",
    "testing/index": "src/testing/index.ts",
    // The worker is its own file: the pool starts it by URL next to the bundle.
    "sandbox-worker": "src/sandbox/sandbox-worker.ts",
  },
  format: "esm",
  platform: "node",
  target: "node20",
  dts: true,
  clean: true,
  // package.json and the worker URL name .js files; tsdown would write .mjs on Node.
  fixedExtension: false,
});
