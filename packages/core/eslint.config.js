import { codemodeConfig } from "@codemode/eslint-config";

export default [
  ...codemodeConfig({
    core: {
      // src/ bottom to top, as docs/architecture.md draws it: a folder imports only folders of a lower layer.
      layers: [
        ["errors"],
        ["envelopes"],
        ["limits", "script", "tools"],
        ["serializer", "catalog", "approval", "workspace", "resources", "model-view"],
        ["sandbox", "check"],
        ["session"],
        ["code-mode"],
      ],
      // The conformance suite and fakes use the core as a user does.
      entryOnly: ["testing"],
    },
  }),
  {
    // The guest's JavaScript files are each one expression that QuickJS evaluates as text (see toGuestSource).
    files: ["src/**/guest/*.js"],
    rules: { "@typescript-eslint/no-unused-expressions": "off" },
  },
];
