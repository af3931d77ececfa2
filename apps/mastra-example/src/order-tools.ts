// The tools a shop already has, written the usual Mastra way; code mode reaches them all from one script.
import { createTool } from "@mastra/core/tools";
import { z } from "zod";

const orders = [
  { id: "ord_1", customer: "Acme", total: 120, status: "delivered" },
  { id: "ord_2", customer: "Acme", total: 80, status: "lost" },
  { id: "ord_3", customer: "Globex", total: 450, status: "delivered" },
  { id: "ord_4", customer: "Acme", total: 60, status: "lost" },
];

/** Refunds made, in this process: the example's check that a refund ran once, and only when approved. */
export const refunds: { orderId: string; amount: number }[] = [];

export const listOrders = createTool({
  id: "list_orders",
  description: "List a customer's orders: id, total in US dollars and status (delivered or lost).",
  inputSchema: z.object({ customer: z.string() }),
  execute: async ({ customer }) => orders.filter((order) => order.customer === customer),
});

/** A refund moves money, so a person approves it (`requireApproval`, as for any Mastra tool). */
export const refundOrder = createTool({
  id: "refund_order",
  description: "Refund an order in full.",
  inputSchema: z.object({ orderId: z.string(), amount: z.number().positive() }),
  requireApproval: true,
  execute: async ({ orderId, amount }) => (refunds.push({ orderId, amount }), { refundId: `re_${orderId}`, amount }),
});
