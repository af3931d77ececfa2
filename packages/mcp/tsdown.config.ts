import { defineBuild } from "@codemode/tsdown-config";
import { defineConfig } from "tsdown";

export default [
  defineBuild(
    { index: "src/index.ts", cli: "src/cli.ts" },
    {
      outputOptions: { banner: (chunk: { fileName: string }) => (chunk.fileName === "cli.js" ? "#!/usr/bin/env node" : "") },
      // The console's page is built by the config below into dist/console.
      clean: ["dist/*", "!dist/console"],
    },
  ),
  // The web console's page: Preact and CodeMirror bundled into one script, served by the gateway itself (no CDN).
  defineConfig({
    entry: { app: "console/app.tsx" },
    platform: "browser",
    format: "esm",
    outDir: "dist/console",
    tsconfig: "console/tsconfig.json",
    target: "es2022",
    minify: true,
    dts: false,
    clean: true,
    fixedExtension: false,
    copy: [{ from: ["console/index.html", "console/app.css"] }],
  }),
];
