import { defineConfig } from "tsdown";

export default defineConfig({
  entry: { index: "src/index.ts", cli: "src/cli.ts" },
  format: "esm",
  platform: "node",
  target: "node20",
  dts: true,
  clean: true,
  // The package.json names dist/index.js and dist/cli.js.
  fixedExtension: false,
  outputOptions: { banner: (chunk) => (chunk.fileName === "cli.js" ? "#!/usr/bin/env node" : "") },
});
