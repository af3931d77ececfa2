// The load and leak benchmarks' tools: a tiny shop whose every answer is a pure function of the arguments, so the
// benchmark can compute what each client must get back and spot an answer that belongs to another client.
import { defineTool, type ToolDefinition } from "@codemode/core";
import { seededRandom } from "../stats/seeded-random.js";

/** One client's question: a customer and the currency the answer is wanted in. */
export interface ShopInput {
  customer: string;
  currency: "EUR" | "GBP" | "JPY";
}

/** What the load script returns for one input. */
export interface ShopAnswer {
  customer: string;
  currency: string;
  orders: number;
  skus: string[];
  total: number;
}

interface Order {
  id: string;
  sku: string;
  quantity: number;
}

const RATES = { EUR: 0.92, GBP: 0.79, JPY: 151 } as const;

/** A shop tool: its upstream ("orders" or "pricing"), name, JSON Schema and pure answer. */
export interface ShopTool {
  server: "orders" | "pricing";
  name: string;
  description: string;
  inputSchema: { type: "object"; properties: Record<string, { type: string }>; required: string[] };
  answer(args: Record<string, string>): unknown;
}

/** The tools behind the load script: 1 order listing, 1 price per order and 1 exchange rate. */
export const SHOP_TOOLS: readonly ShopTool[] = [
  {
    server: "orders",
    name: "list_orders",
    description: "List a customer's open orders.",
    inputSchema: { type: "object", properties: { customer: { type: "string" } }, required: ["customer"] },
    answer: ({ customer }) => ({ customer, orders: ordersOf(customer ?? "") }),
  },
  {
    server: "pricing",
    name: "get_price",
    description: "The unit price of a SKU in USD cents.",
    inputSchema: { type: "object", properties: { sku: { type: "string" } }, required: ["sku"] },
    answer: ({ sku }) => ({ sku, cents: priceOf(sku ?? "") }),
  },
  {
    server: "pricing",
    name: "fx_rate",
    description: "The USD exchange rate of a currency.",
    inputSchema: { type: "object", properties: { currency: { type: "string" } }, required: ["currency"] },
    answer: ({ currency }) => ({ currency, rate: RATES[currency as keyof typeof RATES] ?? 1 }),
  },
];

/** The shop's tools as the core's tool definitions, each answering after `delayMs` (the in-process side of a run). */
export function shopToolDefinitions(delayMs = 0): ToolDefinition[] {
  return SHOP_TOOLS.map((tool) =>
    defineTool({
      name: `${tool.server}.${tool.name}`,
      description: tool.description,
      inputSchema: tool.inputSchema,
      execute: async (args) => {
        if (delayMs > 0) await new Promise((resolve) => setTimeout(resolve, delayMs));
        return tool.answer(args as Record<string, string>);
      },
    }),
  );
}

/** The script one client runs: 1 + n + 1 tool calls (3-5 here) and a join, all depending on the client's input. */
export function shopScript(input: ShopInput): string {
  return `
const customer = ${JSON.stringify(input.customer)};
const listed = await tools.orders.list_orders({ customer });
if (!listed.ok) throw new Error(listed.error.message);
const [rate, ...prices] = await Promise.all([
  tools.pricing.fx_rate({ currency: ${JSON.stringify(input.currency)} }),
  ...listed.data.orders.map((order) => tools.pricing.get_price({ sku: order.sku })),
]);
const cents = new Map(prices.map((price) => [price.data.sku, price.data.cents]));
const usd = listed.data.orders.reduce((sum, order) => sum + order.quantity * cents.get(order.sku), 0) / 100;
return {
  customer: listed.data.customer,
  currency: rate.data.currency,
  orders: listed.data.orders.length,
  skus: listed.data.orders.map((order) => order.sku),
  total: Math.round(usd * rate.data.rate * 100) / 100,
};`;
}

/** The answer {@link shopScript} must return for an input, computed without the sandbox. */
export function expectedAnswer(input: ShopInput): ShopAnswer {
  const orders = ordersOf(input.customer);
  const usd = orders.reduce((sum, order) => sum + order.quantity * priceOf(order.sku), 0) / 100;
  return {
    customer: input.customer,
    currency: input.currency,
    orders: orders.length,
    skus: orders.map((order) => order.sku),
    total: Math.round(usd * RATES[input.currency] * 100) / 100,
  };
}

/** The input of one client's nth run: unique to the pair, so two clients never expect the same answer. */
export function shopInput(client: number, run: number): ShopInput {
  const currencies = ["EUR", "GBP", "JPY"] as const;
  return { customer: `c-${client}-${run}`, currency: currencies[Math.abs(client + run) % currencies.length]! };
}

function ordersOf(customer: string): Order[] {
  const random = seededRandom(hash(customer));
  const count = 1 + Math.floor(random() * 3);
  return Array.from({ length: count }, (_, index) => ({
    id: `${customer}-o${index}`,
    sku: `sku-${Math.floor(random() * 500)}`,
    quantity: 1 + Math.floor(random() * 9),
  }));
}

function priceOf(sku: string): number {
  return 100 + (hash(sku) % 9900);
}

function hash(text: string): number {
  let value = 2166136261;
  for (let index = 0; index < text.length; index++) value = Math.imul(value ^ text.charCodeAt(index), 16777619);
  return value >>> 0;
}
