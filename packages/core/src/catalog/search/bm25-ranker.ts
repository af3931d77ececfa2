import type { RegisteredTool } from "../../tools/index.js";
import { createBm25Index, type Bm25Index } from "./bm25-index.js";
import { toolSearchText, type ToolSearchText } from "./tool-search-text.js";

/** Field weights: a word in the tool's own name says far more than one in a parameter's description. */
export const FIELD_BOOSTS: Record<keyof ToolSearchText, number> = {
  name: 4,
  namespace: 2,
  affordances: 1.5,
  description: 1,
  parameters: 0.7,
};

/** Builds the BM25+ index over the tools' names, namespaces, descriptions, affordances and parameters. */
export function createBm25Ranker(tools: readonly RegisteredTool[]): Bm25Index {
  return createBm25Index(tools.map(toolSearchText), { fields: FIELD_BOOSTS });
}
