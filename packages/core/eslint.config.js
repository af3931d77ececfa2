import { codemodeConfig } from "@codemode/eslint-config";

export default [
  ...codemodeConfig(),
  {
    // The guest's JavaScript files are each one expression that QuickJS evaluates as text (see toGuestSource).
    files: ["src/**/guest/*.js"],
    rules: { "@typescript-eslint/no-unused-expressions": "off" },
  },
];
