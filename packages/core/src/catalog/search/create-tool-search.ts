import type { RegisteredTool } from "../../tools/index.js";
import type { EmbedFunction } from "../tool-catalog.js";
import type { Bm25Index } from "./bm25-index.js";
import { createBm25Ranker } from "./bm25-ranker.js";
import { createEmbeddingRanker } from "./embedding-ranker.js";
import { reciprocalRankFusion } from "./reciprocal-rank-fusion.js";
import { toolEmbeddingText } from "./tool-search-text.js";

/** Finds tools for a query: every match among the accepted tools, best first, as positions in the tool list. */
export type ToolSearch = (query: string, accepted: ReadonlySet<number>) => Promise<number[]>;

/** Options of {@link createToolSearch}. */
export interface ToolSearchOptions {
  embed?: EmbedFunction;
  /** How many of the semantically closest tools join the BM25 matches before fusion. Default 50. */
  semanticCandidates?: number;
}

/**
 * Builds the catalog's ranker: BM25 alone, or BM25 and embedding similarity fused by reciprocal rank fusion when the
 * host gives an `embed` function. The BM25 index is built on the first search, the tool embeddings likewise.
 */
export function createToolSearch(tools: readonly RegisteredTool[], options: ToolSearchOptions = {}): ToolSearch {
  let bm25: Bm25Index | undefined;
  const lexical = (query: string, accepted: ReadonlySet<number>) =>
    (bm25 ??= createBm25Ranker(tools)).search(query, accepted);
  const { embed } = options;
  if (!embed) return async (query, accepted) => lexical(query, accepted);

  const semantic = createEmbeddingRanker(() => tools.map(toolEmbeddingText), embed);
  const take = options.semanticCandidates ?? 50;
  return async (query, accepted) => {
    const lexicalRanking = lexical(query, accepted);
    try {
      return reciprocalRankFusion([lexicalRanking, await semantic.rank(query, accepted, take)]);
    } catch {
      // Embeddings only refine the order: when the host's embed function fails, BM25 still answers.
      return lexicalRanking;
    }
  };
}
