import { defineBuild } from "@codemode/tsdown-config";

export default defineBuild(
  { index: "src/index.ts", cli: "src/cli.ts" },
  { outputOptions: { banner: (chunk: { fileName: string }) => (chunk.fileName === "cli.js" ? "#!/usr/bin/env node" : "") } },
);
