import { describe, expect, it } from "vitest";
import { bagOfLetters } from "../__fixtures__/sample-tools.js";
import { createEmbeddingRanker } from "./embedding-ranker.js";

describe("createEmbeddingRanker", () => {
  const texts = ["aaaa", "bbbb", "aabb", "cccc"];

  it("ranks by cosine similarity and keeps only what accept lets through", async () => {
    const ranker = createEmbeddingRanker(() => texts, bagOfLetters);
    expect(await ranker.rank("aaab", new Set([0, 1, 2, 3]), 3)).toEqual([0, 2, 1]);
    expect(await ranker.rank("aaab", new Set([1, 2, 3]), 2)).toEqual([2, 1]);
  });

  it("embeds the tools once, in batches, and caches query vectors", async () => {
    const calls: number[] = [];
    const many = Array.from({ length: 300 }, (_, i) => `t${i}`);
    const ranker = createEmbeddingRanker(() => many, async (input) => {
      calls.push(input.length);
      return bagOfLetters(input);
    });
    await ranker.rank("q", new Set([0]), 1);
    await ranker.rank("q", new Set([0]), 1);
    await ranker.rank("other", new Set([0]), 1);
    expect(calls.filter((size) => size > 1)).toEqual([128, 128, 44]);
    expect(calls.filter((size) => size === 1)).toHaveLength(2);
  });

  it("rejects a malformed answer and tries again on the next search", async () => {
    let broken = true;
    const ranker = createEmbeddingRanker(() => texts, async (input) => (broken ? [[1]] : bagOfLetters(input)));
    await expect(ranker.rank("a", new Set([0]), 1)).rejects.toThrow(/1 vectors for 4 texts/);
    broken = false;
    expect(await ranker.rank("cc", new Set([0, 1, 2, 3]), 1)).toEqual([3]);
  });
});
