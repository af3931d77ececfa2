import { codemodeConfig } from "@codemode/eslint-config";

export default [
  // Deno's loaders of the WebAssembly files, copied beside the build: a source phase import the parser does not know.
  { ignores: ["assets/**"] },
  ...codemodeConfig({
    core: {
      // src/ bottom to top, as docs/architecture.md draws it: a folder imports only folders of a lower layer.
      layers: [
        ["errors", "portable"],
        ["envelopes"],
        ["limits", "script", "tools"],
        ["serializer", "catalog", "approval", "workspace", "resources", "model-view"],
        ["sandbox", "check"],
        ["session", "platform"],
        ["code-mode"],
      ],
      // The conformance suite and fakes use the core as a user does.
      entryOnly: ["testing"],
    },
  }),
  {
    // The core runs on Node.js, Bun, Deno, browsers and Cloudflare Workers: Node.js built-ins only in the files that
    // serve the Node.js build (worker threads, the workspace's files, reading the engine's WebAssembly), the heavy ones
    // through nodeBuiltin when first used (src/portable/node-builtin.ts says why), never Buffer,
    // process or setImmediate (src/portable has what every runtime can use).
    files: ["src/**/*.ts"],
    ignores: ["src/**/*.test.ts", "src/**/__fixtures__/**", "src/testing/**"],
    rules: {
      "no-restricted-globals": [
        "error",
        ...["Buffer", "process", "setImmediate", "clearImmediate", "global", "require"].map((name) => ({
          name,
          message: "Not on every runtime the core runs on: use src/portable, or keep it in a Node.js-only file.",
        })),
      ],
    },
  },
  {
    files: ["src/**/*.ts"],
    ignores: [
      "src/**/*.test.ts",
      "src/**/__fixtures__/**",
      "src/platform/node.ts",
      "src/portable/node-builtin.ts",
      "src/check/create-native-checker.ts",
      "src/workspace/**",
      "src/sandbox/host/quickjs-module.ts",
      "src/sandbox/host/start-worker.ts",
      "src/sandbox/host/worker-slot.ts",
      "src/sandbox/host/pool-state.ts",
      "src/sandbox/worker/sandbox-worker.ts",
    ],
    rules: {
      // The typescript-eslint rule, so that the shared config's no-restricted-imports (folder indexes) still holds.
      "@typescript-eslint/no-restricted-imports": [
        "error",
        { patterns: [{ regex: "^node:", allowTypeImports: true, message: "Node.js built-ins only in the Node.js build's files (see eslint.config.js)." }] },
      ],
    },
  },
  {
    // The guest's JavaScript files are each one expression that QuickJS evaluates as text (see toGuestSource).
    files: ["src/**/guest/*.js"],
    rules: { "@typescript-eslint/no-unused-expressions": "off" },
  },
];
