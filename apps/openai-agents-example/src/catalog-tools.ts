// The shop's own function tools, written the usual OpenAI Agents SDK way.
import { tool } from "@openai/agents";
import { z } from "zod";

export const listProducts = tool({
  name: "list_products",
  description: "List every product: sku, name and price in US dollars.",
  parameters: z.object({}),
  execute: async () => [
    { sku: "LAMP-1", name: "Desk lamp", price: 40 },
    { sku: "DESK-2", name: "Standing desk", price: 450 },
    { sku: "CHAIR-3", name: "Office chair", price: 220 },
  ],
});
