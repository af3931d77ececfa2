import { codemodeConfig } from "@codemode/eslint-config";

export default [
  // The bench uses the packages as a user would, through their public entries. Its folders are separate benchmarks,
  // not modules, and its child processes (cold start, peers, load) are measured loading exactly the files they
  // import: an index per folder would load the whole folder into each, so folders import each other's files.
  ...codemodeConfig({ adapter: true, folderIndexes: false }),
  // .runtimes/ holds the bundles `bench runtimes` makes for each runtime.
  { ignores: ["peers/**", "results/**", ".runtimes/**"] },
  // Plain-JavaScript children run on Node without a loader (cold start), so they need Node's globals declared.
  { files: ["**/*.mjs"], languageOptions: { globals: { process: "readonly", console: "readonly", URL: "readonly", setInterval: "readonly", clearInterval: "readonly" } } },
];
