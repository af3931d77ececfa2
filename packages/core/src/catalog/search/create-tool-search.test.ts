import { describe, expect, it } from "vitest";
import { createToolRegistry } from "../../tools/index.js";
import { sampleTools } from "../__fixtures__/sample-tools.js";
import { createToolSearch } from "./create-tool-search.js";

const execute = async () => null;
const shop = createToolRegistry([
  { name: "shop.list_orders", description: "List the orders placed in the shop.", execute },
  { name: "shop.cancel_order", description: "Cancel an order before the order ships.", execute },
  { name: "shop.order_refund", description: "Send the money for an order back.", execute },
  { name: "shop.get_weather", description: "Today's weather at the warehouse.", execute },
]).tools;

/** A deterministic embedder that knows a few synonyms: one dimension per concept, counting the words that evoke it. */
const CONCEPTS = [["refund", "money", "reimburse", "pay"], ["order"], ["cancel", "stop"], ["weather", "rain"]];
async function conceptEmbed(texts: string[]): Promise<number[][]> {
  return texts.map((text) => {
    const words = text.toLowerCase().split(/[^a-z]+/);
    return CONCEPTS.map((concept) => words.filter((word) => concept.some((root) => word.startsWith(root))).length);
  });
}

const every = (count: number) => new Set(Array.from({ length: count }, (_, i) => i));
const all = every(4);
const names = (positions: number[], tools = shop) => positions.map((position) => tools[position]!.name);

describe("createToolSearch", () => {
  it("finds tools by words of their names", async () => {
    const tools = sampleTools();
    const search = createToolSearch(tools);
    expect(names(await search("list invoices", every(tools.length)), tools)[0]).toBe("billing.list_invoices");
    expect(names(await search("customer email", every(tools.length)), tools)[0]).toBe("crm.find_customer");
    expect(names(await search("give money back", every(tools.length)), tools)[0]).toBe("billing.refund_payment");
  });

  it("fuses embeddings with BM25 so the semantically closest tool rises", async () => {
    const lexical = names(await createToolSearch(shop)("reimburse order", all));
    const fused = names(await createToolSearch(shop, { embed: conceptEmbed })("reimburse order", all));
    expect(lexical).toEqual(["shop.cancel_order", "shop.list_orders", "shop.order_refund"]);
    // The refund is the only tool about money, so the embedding ranks it first and fusion lifts it above list_orders.
    expect(fused).toEqual(["shop.cancel_order", "shop.order_refund", "shop.list_orders", "shop.get_weather"]);
  });

  it("finds a tool no word of the query names, through embeddings alone", async () => {
    expect(await createToolSearch(shop)("rain", all)).toEqual([]);
    expect(names(await createToolSearch(shop, { embed: conceptEmbed, semanticCandidates: 1 })("rain", all))).toEqual([
      "shop.get_weather",
    ]);
  });

  it("keeps forbidden tools out of both rankings", async () => {
    const search = createToolSearch(shop, { embed: conceptEmbed });
    expect(names(await search("reimburse order", new Set([0, 1, 3])))).not.toContain("shop.order_refund");
  });

  it("falls back to BM25 when the embed function fails", async () => {
    const search = createToolSearch(shop, {
      embed: async () => {
        throw new Error("embedding service down");
      },
    });
    expect(names(await search("cancel", all))).toEqual(["shop.cancel_order"]);
  });
});
