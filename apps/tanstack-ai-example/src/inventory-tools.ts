// The tools a shop already has, written the usual TanStack AI way; code mode reaches them all from one script.
import { toolDefinition } from "@tanstack/ai";
import { z } from "zod";

const products = [
  { sku: "LAMP-1", name: "Desk lamp", price: 40, reorderAt: 20 },
  { sku: "DESK-2", name: "Standing desk", price: 450, reorderAt: 5 },
  { sku: "CHAIR-3", name: "Office chair", price: 220, reorderAt: 8 },
  { sku: "MAT-4", name: "Floor mat", price: 35, reorderAt: 10 },
];
const stock: Record<string, number> = { "LAMP-1": 12, "DESK-2": 9, "CHAIR-3": 3, "MAT-4": 40 };

/** Lists every product with its price and the stock level at which it is reordered. */
export const listProducts = toolDefinition({
  name: "list_products",
  description: "List every product: sku, name, price in US dollars, and the stock level at which it is reordered.",
  inputSchema: z.object({}),
}).server(async () => products);

/** The units in stock of one product. */
export const getStock = toolDefinition({
  name: "get_stock",
  description: "The units in stock of one product.",
  inputSchema: z.object({ sku: z.string() }),
}).server(async ({ sku }) => {
  if (!(sku in stock)) throw new Error(`No product ${sku}.`);
  return { sku, units: stock[sku]! };
});
