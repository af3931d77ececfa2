import type { EmbedFunction } from "../tool-catalog.js";

/** Ranks tools by cosine similarity between the query's embedding and each tool's, computed once and cached. */
export interface EmbeddingRanker {
  /** The `take` closest tools among the accepted positions, best first (ties by position). */
  rank(query: string, accepted: ReadonlySet<number>, take: number): Promise<number[]>;
}

const BATCH_SIZE = 128;
const QUERY_CACHE_SIZE = 64;

/**
 * Builds a ranker over `texts()` (one per tool). The tools are embedded on the first search, in batches, and kept;
 * a failed or malformed embedding throws and is retried on the next search rather than cached.
 */
export function createEmbeddingRanker(texts: () => string[], embed: EmbedFunction): EmbeddingRanker {
  let toolVectors: Promise<Float64Array[]> | undefined;
  const queryVectors = new Map<string, Float64Array>();

  const vectorsOfTools = () => {
    toolVectors ??= embedAll(texts(), embed).catch((error: unknown) => {
      toolVectors = undefined;
      throw error;
    });
    return toolVectors;
  };

  const vectorOfQuery = async (query: string) => {
    const cached = queryVectors.get(query);
    if (cached) return cached;
    const [vector] = await embedChecked([query], embed);
    if (queryVectors.size >= QUERY_CACHE_SIZE) queryVectors.delete(queryVectors.keys().next().value as string);
    queryVectors.set(query, vector as Float64Array);
    return vector as Float64Array;
  };

  return {
    async rank(query, accepted, take) {
      const [tools, target] = await Promise.all([vectorsOfTools(), vectorOfQuery(query)]);
      const scored: { position: number; score: number }[] = [];
      for (const position of accepted) scored.push({ position, score: dot(tools[position] as Float64Array, target) });
      return scored
        .sort((a, b) => b.score - a.score || a.position - b.position)
        .slice(0, take)
        .map((entry) => entry.position);
    },
  };
}

async function embedAll(texts: string[], embed: EmbedFunction): Promise<Float64Array[]> {
  const vectors: Float64Array[] = [];
  for (let start = 0; start < texts.length; start += BATCH_SIZE) {
    vectors.push(...(await embedChecked(texts.slice(start, start + BATCH_SIZE), embed)));
  }
  return vectors;
}

/** Calls the host's embed function and checks its answer: one finite vector per text, all of one length. */
async function embedChecked(texts: string[], embed: EmbedFunction): Promise<Float64Array[]> {
  const vectors = await embed(texts);
  if (!Array.isArray(vectors) || vectors.length !== texts.length) {
    const got = Array.isArray(vectors) ? vectors.length : "no";
    throw new TypeError(`embed returned ${got} vectors for ${texts.length} texts.`);
  }
  return vectors.map((vector) => {
    if (!Array.isArray(vector) || vector.some((value) => typeof value !== "number" || !Number.isFinite(value))) {
      throw new TypeError("embed returned a vector that is not an array of finite numbers.");
    }
    return normalize(vector);
  });
}

/** Scales a vector to unit length, so a dot product is the cosine; a zero vector stays zero. */
function normalize(vector: number[]): Float64Array {
  let sum = 0;
  for (const value of vector) sum += value * value;
  const length = Math.sqrt(sum);
  return Float64Array.from(vector, (value) => (length === 0 ? 0 : value / length));
}

function dot(a: Float64Array, b: Float64Array): number {
  const size = Math.min(a.length, b.length);
  let sum = 0;
  for (let i = 0; i < size; i++) sum += (a[i] as number) * (b[i] as number);
  return sum;
}
