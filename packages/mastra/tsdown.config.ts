import { defineBuild } from "@codemode/tsdown-config";

export default defineBuild({ index: "src/index.ts" });
