import { defineBuild } from "@codemode/tsdown-config";

export default defineBuild(
  {
    index: "src/index.ts",
    "testing/index": "src/testing/index.ts",
    // The worker is its own file: the pool starts it by URL next to the bundle.
    "sandbox-worker": "src/sandbox/worker/sandbox-worker.ts",
  },
  // The QuickJS packages are bundled (into the worker, the only file that loads them at run time), so that a
  // starting worker thread resolves and reads no package files before its first run (part of the cold start).
  { deps: { alwaysBundle: [/^quickjs-emscripten-core$/, /^@jitl\//] } },
);
