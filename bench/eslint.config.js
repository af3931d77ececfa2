import { codemodeConfig } from "@codemode/eslint-config";

export default [
  ...codemodeConfig(),
  { ignores: ["peers/**", "results/**"] },
  // Plain-JavaScript children run on Node without a loader (cold start), so they need Node's globals declared.
  { files: ["**/*.mjs"], languageOptions: { globals: { process: "readonly", console: "readonly", URL: "readonly", setInterval: "readonly", clearInterval: "readonly" } } },
];
