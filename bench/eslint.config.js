import { codemodeConfig } from "@codemode/eslint-config";

export default [
  ...codemodeConfig(),
  { ignores: ["peers/**", "results/**"] },
  // The bench's folders are separate benchmarks, not layers, and its child processes (cold start, peers, load) are
  // measured loading exactly the files they import: an index per folder would load the whole folder into each.
  { rules: { "no-restricted-imports": "off" } },
  // Plain-JavaScript children run on Node without a loader (cold start), so they need Node's globals declared.
  { files: ["**/*.mjs"], languageOptions: { globals: { process: "readonly", console: "readonly", URL: "readonly", setInterval: "readonly", clearInterval: "readonly" } } },
];
