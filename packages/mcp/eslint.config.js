import { codemodeConfig } from "@codemode/eslint-config";

export default [
  ...codemodeConfig({ adapter: true }),
  // The conformance runner is plain JavaScript run by Node itself (the suite needs Node 22), so Node's globals are declared.
  { files: ["mcp-conformance/**/*.mjs"], languageOptions: { globals: { process: "readonly", console: "readonly", URL: "readonly" } } },
];
