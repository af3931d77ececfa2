// The few rules that matter (shared/STYLE.md): adapters reach the core only through its public entry,
// public entries name what they export, no TypeScript enums, and no focused or skipped tests.
import js from "@eslint/js";
import tseslint from "typescript-eslint";

const noEnum = {
  selector: "TSEnumDeclaration",
  message: "Use a string-literal union instead of an enum.",
};

/** Lint config shared by every package; `adapter: true` forbids deep imports into the core. */
export function codemodeConfig({ adapter = false } = {}) {
  return tseslint.config(
    { ignores: ["dist/**", "node_modules/**", "**/__fixtures__/**"] },
    js.configs.recommended,
    ...tseslint.configs.recommended,
    {
      rules: {
        "no-restricted-syntax": ["error", noEnum],
        "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
        "@typescript-eslint/no-explicit-any": "off",
        ...(adapter
          ? {
              "no-restricted-imports": [
                "error",
                {
                  patterns: [
                    {
                      group: ["@codemode/core/*", "!@codemode/core/testing"],
                      message: "Adapters import only the core's public entry (@codemode/core or @codemode/core/testing).",
                    },
                    { group: ["**/core/src/**"], message: "Adapters import only the core's public entry." },
                  ],
                },
              ],
            }
          : {}),
      },
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
    {
      files: ["**/*.test.ts"],
      rules: {
        "no-restricted-properties": [
          "error",
          { object: "it", property: "only" },
          { object: "describe", property: "only" },
          { object: "test", property: "only" },
          { object: "it", property: "skip" },
          { object: "describe", property: "skip" },
        ],
      },
    },
  );
}
