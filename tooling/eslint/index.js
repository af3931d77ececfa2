// The rules that keep the architecture, shared by every package:
// - no import cycles among a package's files, type-only imports included;
// - a folder is used through its index: `../catalog` or `../catalog/index.js`, never `../catalog/search-catalog.js`;
// - the core imports no framework, and its src/ folders are layers (`core.layers`, bottom first);
// - adapters, apps and the bench reach other packages only through their public entries (`@codemode/core`, `@codemode/core/testing`);
// - public entries name what they export, no TypeScript enums, and every written test runs.
import js from "@eslint/js";
import tseslint from "typescript-eslint";
import { layers, noCycle, noSkippedTests } from "./rules/index.js";

const codemode = { meta: { name: "@codemode/eslint-config" }, rules: { layers, "no-cycle": noCycle, "no-skipped-tests": noSkippedTests } };

const noEnum = {
  selector: "TSEnumDeclaration",
  message: "Use a string-literal union instead of an enum.",
};

// A relative import whose path goes into a folder and names a file there other than its index. Dot-led segments
// (`./`, `../`) are the way there, not folders. Test data in `__fixtures__/` is imported file by file, and so is raw
// text (`?raw`: the guest's JavaScript, bundled in as a string), which is data rather than a module.
const DEEP_IMPORT = String.raw`^(?!.*(?:^|/)__fixtures__/)(?!.*\?raw$)\.\.?/(?:\.\./)*(?!\.)[^/]+/(?!index(?:\.[cm]?[jt]s)?$).+`;
const deepImports = {
  regex: DEEP_IMPORT,
  message: "Import another folder through its index (`../catalog` or `../catalog/index.js`), not one of its files.",
};

const FRAMEWORKS = String.raw`^(?:ai|langchain)(?:/.*)?$|^@(?:ai-sdk|langchain|modelcontextprotocol|tanstack|mastra|openai|cloudflare)/`;
const noFrameworks = {
  regex: FRAMEWORKS,
  message: "The core knows no framework (AI SDK, LangChain, MCP, TanStack AI, Mastra, OpenAI Agents, Cloudflare): that code belongs in an adapter.",
};

const publicEntryOnly = [
  {
    group: ["@codemode/*/*", "!@codemode/core/testing"],
    message: "Import a package through its public entry (`@codemode/core`, or `@codemode/core/testing` for the fakes).",
  },
  { group: ["**/packages/*/src/**", "**/packages/*/dist/**"], message: "Import a package by its name, not by its files." },
];

/**
 * Lint config shared by every package.
 * - `adapter: true` (adapters, apps, bench): other packages only through their public entries.
 * - `core: { layers }`: no framework imports, and src/ folders as layers, bottom first (see rules/layers.js).
 * - `folderIndexes: false`: folders may import each other's files (for folders that are not modules).
 */
export function codemodeConfig({ adapter = false, core, folderIndexes = true } = {}) {
  const patterns = [...(folderIndexes ? [deepImports] : []), ...(adapter ? publicEntryOnly : [])];
  return tseslint.config(
    { ignores: ["dist/**", "node_modules/**", "**/__fixtures__/**"] },
    js.configs.recommended,
    ...tseslint.configs.recommended,
    {
      plugins: { codemode },
      rules: {
        "no-restricted-syntax": ["error", noEnum],
        "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
        "@typescript-eslint/no-explicit-any": "off",
        "codemode/no-cycle": "error",
        ...(patterns.length > 0 ? { "no-restricted-imports": ["error", { patterns }] } : {}),
        "codemode/no-skipped-tests": "error",
        ...(core
          ? {
              // The TypeScript variant, so that the framework rule is a rule of its own (type imports count too).
              "@typescript-eslint/no-restricted-imports": ["error", { patterns: [noFrameworks] }],
              "codemode/layers": ["error", { root: "src", layers: core.layers, entryOnly: core.entryOnly ?? [] }],
            }
          : {}),
      },
    },
    {
      // A test may drive its folder through a higher layer (createCodeMode, the conformance suite): tests are not
      // part of the layers that ship.
      files: ["**/*.test.ts", "**/__fixtures__/**"],
      rules: { "codemode/layers": "off" },
    },
    {
      files: ["src/index.ts"],
      rules: {
        "no-restricted-syntax": [
          "error",
          noEnum,
          {
            selector: "ExportAllDeclaration",
            message: "The public entry names what it exports: no `export *`.",
          },
        ],
      },
    },
  );
}
