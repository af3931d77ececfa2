import { describe, expect, it } from "vitest";
import { createBm25Index, MAX_QUERY_TERMS } from "./bm25-index.js";

const every = (count: number) => new Set(Array.from({ length: count }, (_, i) => i));
const all = every(4);

describe("createBm25Index", () => {
  const documents = [
    { name: "send_email", text: "Send an email message to a customer." },
    { name: "list_invoices", text: "List invoices for a customer." },
    { name: "refund", text: "Refund an invoice payment. Invoice invoice invoice." },
    { name: "invoiceDetails", text: "Details of one bill." },
  ];
  const index = createBm25Index(documents, { fields: { name: 3, text: 1 } });

  it("returns every match, best first, and nothing for words it has not seen", () => {
    expect(index.search("list invoices", all)).toEqual([1, 3, 2]);
    expect(index.search("zebra", all)).toEqual([]);
  });

  it("weighs a match in a boosted field above many in a plain one", () => {
    expect(index.search("invoice", all)).toEqual([1, 3, 2]);
    const flat = createBm25Index(documents, { fields: { name: 1, text: 1 } });
    expect(flat.search("invoice", all)).toEqual([1, 2, 3]);
  });

  it("counts each distinct term of a query once, and no more than MAX_QUERY_TERMS of them", () => {
    expect(index.search("invoice ".repeat(500), all)).toEqual(index.search("invoice", all));
    const filler = Array.from({ length: MAX_QUERY_TERMS }, (_, i) => `zz${i}`).join(" ");
    expect(index.search(`${filler} refund`, all)).toEqual([]);
    expect(index.search(`refund ${filler}`, all)).toEqual([2]);
  });

  it("ranks rare words above common ones", () => {
    expect(index.search("customer email", all)[0]).toBe(0);
  });

  it("matches longer words by prefix, below an exact match", () => {
    expect(index.search("detail", all)).toEqual([3]);
    expect(index.search("refu", all)).toEqual([2]);
  });

  it("leaves out what accept refuses without changing the order of the rest", () => {
    expect(index.search("list invoices", new Set([0, 1, 2]))).toEqual([1, 2]);
  });

  it("scores with the statistics of the accepted documents only", () => {
    const index = createBm25Index([{ a: "alpha" }, { a: "beta" }, { a: "alpha" }, { a: "alpha" }, { a: "alpha" }], {
      fields: { a: 1 },
    });
    // Among all five "beta" is the rare word and wins; among the first two both are equally rare, so position decides.
    expect(index.search("alpha beta", every(5))[0]).toBe(1);
    expect(index.search("alpha beta", new Set([0, 1]))).toEqual([0, 1]);
  });

  it("breaks ties by position", () => {
    const twins = createBm25Index([{ a: "same words" }, { a: "same words" }, { a: "same words" }], { fields: { a: 1 } });
    expect(twins.search("same", every(3))).toEqual([0, 1, 2]);
  });
});
