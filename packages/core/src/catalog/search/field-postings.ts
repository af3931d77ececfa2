import { normalizeTerm, tokenize } from "./tokenize.js";

/** The index terms of every field, numbered: words map straight to term ids, remembered, since tools repeat them. */
export interface Vocabulary {
  /** Term to id. */
  readonly ids: Map<string, number>;
  /** Id to term. */
  readonly terms: string[];
  /** The id of a word's term, adding it when new; -1 for a stop word. */
  idOfWord(word: string): number;
}

/**
 * One field's inverted index in compressed rows: the postings of term `t` are (position, term frequency) pairs in
 * `data[offsets[t] .. offsets[t + 1]]`. A few typed arrays instead of a list per term keep the build clear of the
 * garbage collector, which took more time than the indexing itself.
 */
export interface FieldPostings {
  offsets: Int32Array;
  data: Int32Array;
  /** Terms per document, for length normalisation. */
  lengths: Uint32Array;
}

/** An empty vocabulary to share between the fields of one index. */
export function createVocabulary(): Vocabulary {
  const ids = new Map<string, number>();
  const terms: string[] = [];
  const words = new Map<string, number>();
  return {
    ids,
    terms,
    idOfWord(word) {
      let id = words.get(word);
      if (id !== undefined) return id;
      const term = normalizeTerm(word);
      id = term === null ? -1 : ids.get(term);
      if (id === undefined) {
        id = terms.push(term as string) - 1;
        ids.set(term as string, id);
      }
      words.set(word, id);
      return id;
    },
  };
}

/** Indexes one text per document (`textOf(position)`) into compressed postings over the shared vocabulary. */
export function buildFieldPostings(count: number, textOf: (position: number) => string, vocabulary: Vocabulary): FieldPostings {
  const sequence: number[] = [];
  const ends = new Uint32Array(count);
  for (let position = 0; position < count; position++) {
    for (const word of tokenize(textOf(position))) {
      const id = vocabulary.idOfWord(word);
      if (id >= 0) sequence.push(id);
    }
    ends[position] = sequence.length;
  }
  const termCount = vocabulary.terms.length;
  const documentsOfTerm = new Int32Array(termCount);
  const lastSeen = new Int32Array(termCount).fill(-1);
  // Two plain loops over every term of every document: first count the documents per term, then fill the rows.
  for (let position = 0, i = 0; position < count; position++) {
    for (const end = ends[position] as number; i < end; i++) {
      const id = sequence[i] as number;
      if (lastSeen[id] !== position) {
        lastSeen[id] = position;
        documentsOfTerm[id] = (documentsOfTerm[id] as number) + 1;
      }
    }
  }
  const offsets = new Int32Array(termCount + 1);
  for (let id = 0; id < termCount; id++) offsets[id + 1] = (offsets[id] as number) + 2 * (documentsOfTerm[id] as number);
  const data = new Int32Array(offsets[termCount] as number);
  const cursor = offsets.slice(0, termCount);
  lastSeen.fill(-1);
  for (let position = 0, i = 0; position < count; position++) {
    for (const end = ends[position] as number; i < end; i++) {
      const id = sequence[i] as number;
      const at = cursor[id] as number;
      if (lastSeen[id] === position) {
        // This document's pair is the last one written for the term: one more occurrence.
        data[at - 1] = (data[at - 1] as number) + 1;
      } else {
        lastSeen[id] = position;
        data[at] = position;
        data[at + 1] = 1;
        cursor[id] = at + 2;
      }
    }
  }
  const lengths = new Uint32Array(count);
  for (let position = 0; position < count; position++) {
    lengths[position] = (ends[position] as number) - (position === 0 ? 0 : (ends[position - 1] as number));
  }
  return { offsets, data, lengths };
}
