import { codemodeConfig } from "@codemode/eslint-config";

export default [
  ...codemodeConfig({
    core: {
      // src/ bottom to top, as docs/architecture.md draws it: a folder imports only folders of a lower layer.
      layers: [
        ["errors"],
        ["envelopes"],
        ["limits", "script", "tools"],
        ["serializer", "catalog", "approval", "workspace", "model-view"],
        ["sandbox"],
        ["session"],
        ["code-mode"],
      ],
      // The conformance suite and fakes use the core as a user does.
      entryOnly: ["testing"],
    },
  }),
  // The core still has import cycles, deep and upward imports (sandbox/, code-mode/, workspace/, index.ts) while
  // those folders are reworked: warnings until `eslint .` reports none of them, then these lines go.
  { rules: { "no-restricted-imports": "warn", "codemode/no-cycle": "warn" } },
  { files: ["src/**/*.ts"], ignores: ["**/*.test.ts", "**/__fixtures__/**"], rules: { "codemode/layers": "warn" } },
];
