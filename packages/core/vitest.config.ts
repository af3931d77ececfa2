import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: {
    alias: {
      // The tests run the Node.js build's platform; each build picks its own (tsdown.config.ts).
      "#platform": fileURLToPath(new URL("./src/platform/node.ts", import.meta.url)),
      // The package's `node` condition names a file it does not ship; its ESM build serves every runtime.
      "@swc/wasm-typescript-esm": fileURLToPath(new URL("./node_modules/@swc/wasm-typescript-esm/wasm.js", import.meta.url)),
    },
  },
  test: { include: ["src/**/*.test.ts"], testTimeout: 20_000, hookTimeout: 20_000 },
});
