import { defineBuild } from "@codemode/tsdown-config";

export default defineBuild({
  index: "src/index.ts",
  "testing/index": "src/testing/index.ts",
  // The worker is its own file: the pool starts it by URL next to the bundle.
  "sandbox-worker": "src/sandbox/sandbox-worker.ts",
});
