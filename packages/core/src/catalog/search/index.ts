export { createToolSearch, type ToolSearch, type ToolSearchOptions } from "./create-tool-search.js";
export { reciprocalRankFusion } from "./reciprocal-rank-fusion.js";
export { normalizeTerm, tokenize } from "./tokenize.js";
