import { describe, expect, it } from "vitest";
import { buildFieldPostings, createVocabulary } from "./field-postings.js";

/** The postings of one term as [position, tf] pairs, read back out of the compressed rows. */
function rowOf(postings: ReturnType<typeof buildFieldPostings>, id: number): number[][] {
  const pairs: number[][] = [];
  for (let i = postings.offsets[id]!; i < postings.offsets[id + 1]!; i += 2) pairs.push([postings.data[i]!, postings.data[i + 1]!]);
  return pairs;
}

describe("createVocabulary", () => {
  it("numbers terms once, folds words to the same term, and gives stop words -1", () => {
    const vocabulary = createVocabulary();
    expect(vocabulary.idOfWord("Invoices")).toBe(0);
    expect(vocabulary.idOfWord("invoice")).toBe(0);
    expect(vocabulary.idOfWord("customer")).toBe(1);
    expect(vocabulary.idOfWord("the")).toBe(-1);
    expect(vocabulary.terms).toEqual(["invoice", "customer"]);
    expect(vocabulary.ids.get("customer")).toBe(1);
  });
});

describe("buildFieldPostings", () => {
  it("records each document once per term with its frequency, and the document lengths", () => {
    const texts = ["list invoices", "invoice invoice customer", "the", "customer list"];
    const vocabulary = createVocabulary();
    const postings = buildFieldPostings(texts.length, (position) => texts[position]!, vocabulary);
    const id = (term: string) => vocabulary.ids.get(term)!;
    expect(rowOf(postings, id("list"))).toEqual([[0, 1], [3, 1]]);
    expect(rowOf(postings, id("invoice"))).toEqual([[0, 1], [1, 2]]);
    expect(rowOf(postings, id("customer"))).toEqual([[1, 1], [3, 1]]);
    expect([...postings.lengths]).toEqual([2, 3, 0, 2]);
  });

  it("shares term ids between fields, leaving a field no row for terms first seen later", () => {
    const vocabulary = createVocabulary();
    const names = buildFieldPostings(1, () => "refund", vocabulary);
    const descriptions = buildFieldPostings(1, () => "money refund", vocabulary);
    const money = vocabulary.ids.get("money")!;
    expect(rowOf(descriptions, vocabulary.ids.get("refund")!)).toEqual([[0, 1]]);
    expect(names.offsets.length).toBeLessThanOrEqual(money + 1);
    expect(rowOf(descriptions, money)).toEqual([[0, 1]]);
  });
});
