import { buildFieldPostings, createVocabulary, type FieldPostings } from "./field-postings.js";
import { normalizeTerm, tokenize } from "./tokenize.js";

/** Field weights and BM25+ parameters of a {@link Bm25Index}. */
export interface Bm25IndexOptions<F extends string> {
  fields: Record<F, number>;
  /** Term-frequency saturation. Default 1.2. */
  k1?: number;
  /** Length normalisation. Default 0.7, as MiniSearch: short tool texts need less of it than prose. */
  b?: number;
  /** BM25+ lower bound of a matching term's weight. Default 0.5. */
  delta?: number;
}

/** A BM25+ index over documents made of weighted text fields. */
export interface Bm25Index {
  /**
   * Positions of the matching documents among `accepted`, best first (ties by position). The statistics (document
   * count, document frequencies, average lengths) are those of the accepted documents alone, so the order a caller
   * sees does not depend on documents it may not see.
   */
  search(query: string, accepted: ReadonlySet<number>): number[];
}

/** Weight of a term found only as a longer word's prefix ("invoice" in "invoiceId"), scaled by how much it covers. */
const PREFIX_WEIGHT = 0.4;
const MIN_PREFIX_LENGTH = 4;
/**
 * The most distinct terms of a query that count: each costs up to a pass over the index, and a few words find a tool.
 * A script chooses the query, so its work on the host's thread is bounded by this, not by the query's length.
 */
export const MAX_QUERY_TERMS = 16;

interface FieldIndex extends FieldPostings {
  boost: number;
}

/** Builds a BM25+ index (per-field BM25, summed with field boosts) over the documents' fields. */
export function createBm25Index<F extends string>(
  documents: readonly Record<F, string>[],
  options: Bm25IndexOptions<F>,
): Bm25Index {
  const { k1 = 1.2, b = 0.7, delta = 0.5 } = options;
  const vocabulary = createVocabulary();
  const fields: FieldIndex[] = (Object.entries(options.fields) as [F, number][]).map(([field, boost]) => ({
    boost,
    ...buildFieldPostings(documents.length, (position) => (documents[position] as Record<F, string>)[field], vocabulary),
  }));
  let sortedTerms: string[] | undefined;
  const allTerms = () => (sortedTerms ??= [...vocabulary.terms].sort());
  const averages = new WeakMap<ReadonlySet<number>, number[]>();
  const averageLengths = (accepted: ReadonlySet<number>) => {
    let cached = averages.get(accepted);
    if (!cached) averages.set(accepted, (cached = fields.map((field) => averageLength(field.lengths, accepted))));
    return cached;
  };

  return {
    search(query, accepted) {
      const count = accepted.size;
      // A caller who sees every document needs no membership checks (the usual case, and the hot path).
      const everything = count === documents.length;
      const scores = new Float64Array(documents.length);
      const touched: number[] = [];
      const lengths = averageLengths(accepted);
      for (const term of queryTerms(query)) {
        for (const [candidate, weight] of expand(term, allTerms)) {
          const id = vocabulary.ids.get(candidate);
          if (id === undefined) continue;
          fields.forEach((field, f) => {
            // Terms first seen in a later field have no row in this one.
            if (id + 1 >= field.offsets.length) return;
            const start = field.offsets[id] as number;
            const end = field.offsets[id + 1] as number;
            if (start === end) return;
            const { data } = field;
            let frequency = everything ? (end - start) / 2 : 0;
            if (!everything) {
              for (let i = start; i < end; i += 2) if (accepted.has(data[i] as number)) frequency++;
            }
            if (frequency === 0) return;
            const idf = Math.log(1 + (count - frequency + 0.5) / (frequency + 0.5));
            const factor = idf * field.boost * weight;
            const average = lengths[f] as number;
            for (let i = start; i < end; i += 2) {
              const position = data[i] as number;
              if (!everything && !accepted.has(position)) continue;
              const tf = data[i + 1] as number;
              const norm = k1 * (1 - b + (b * (field.lengths[position] as number)) / average);
              if (scores[position] === 0) touched.push(position);
              scores[position] = (scores[position] as number) + factor * (delta + (tf * (k1 + 1)) / (tf + norm));
            }
          });
        }
      }
      return touched.sort((x, y) => (scores[y] as number) - (scores[x] as number) || x - y);
    },
  };
}

/** A query's distinct normalised terms, the first MAX_QUERY_TERMS of them. */
function queryTerms(query: string): string[] {
  const terms = new Set<string>();
  for (const word of tokenize(query)) {
    const term = normalizeTerm(word);
    if (term) terms.add(term);
    if (terms.size === MAX_QUERY_TERMS) break;
  }
  return [...terms];
}

function averageLength(lengths: Uint32Array, accepted: ReadonlySet<number>): number {
  let total = 0;
  for (const position of accepted) total += lengths[position] as number;
  return Math.max(1, total / Math.max(1, accepted.size));
}

/** The term itself, plus (for longer terms) the indexed words it begins, weighted down by how much longer they are. */
function expand(term: string, allTerms: () => string[]): [string, number][] {
  const candidates: [string, number][] = [[term, 1]];
  if (term.length < MIN_PREFIX_LENGTH) return candidates;
  const terms = allTerms();
  for (let i = lowerBound(terms, term); i < terms.length && (terms[i] as string).startsWith(term); i++) {
    const longer = terms[i] as string;
    if (longer !== term) candidates.push([longer, (PREFIX_WEIGHT * term.length) / longer.length]);
  }
  return candidates;
}

function lowerBound(sorted: readonly string[], value: string): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((sorted[middle] as string) < value) low = middle + 1;
    else high = middle;
  }
  return low;
}
