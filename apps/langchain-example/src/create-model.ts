// Offline, a scripted fake model writes the one script a capable model would write; with an API key, a real one.
import type { BaseChatModel } from "@langchain/core/language_models/chat_models";
import { AIMessage, type BaseMessage } from "@langchain/core/messages";
import { fakeModel } from "@langchain/core/testing";
import { initChatModel } from "langchain";

/** The script a model writes after reading the execute tool's description. */
export const SCRIPT = `const customers = await tools.crm.list_customers({});
if (!customers.ok) throw new Error(customers.error.message);
const largest = customers.data.sort((a, b) => b.annualRevenue - a.annualRevenue).slice(0, 3);
const pages = await Promise.all(
  largest.map((customer) => tools.billing.list_invoices({ customerId: customer.id, status: "unpaid" })),
);
const owed = largest.map((customer, i) => ({
  customer: customer.name,
  unpaid: pages[i].data.reduce((sum, invoice) => sum + invoice.amount, 0),
}));
return { owed, total: owed.reduce((sum, row) => sum + row.unpaid, 0) };`;

/** The script a model writes to refund two customers' paid invoices; each refund waits for an approval. */
export const REFUND_SCRIPT = `const customers = await tools.crm.list_customers({});
const charged = customers.data.filter((customer) => ["Umbrella", "Hooli"].includes(customer.name));
const refunds = [];
for (const customer of charged) {
  const paid = await tools.billing.list_invoices({ customerId: customer.id, status: "paid" });
  for (const invoice of paid.data) {
    const refund = await tools.billing.refund_invoice({ invoiceId: invoice.id, amount: invoice.amount });
    // A denied refund is { ok: false, error: { code: "access_denied" } }, and the script goes on.
    const note = refund.ok ? refund.data.refundId : refund.error.message;
    refunds.push({ customer: customer.name, invoice: invoice.id, amount: invoice.amount, refunded: refund.ok, note });
  }
}
return refunds;`;

interface Owed {
  owed: { customer: string; unpaid: number }[];
  total: number;
}

interface Refund {
  customer: string;
  invoice: string;
  amount: number;
  refunded: boolean;
  note: string;
}

/** A fake chat model that calls `execute` once, then answers from what the script returned. */
export function createScriptedModel(): BaseChatModel {
  return scriptedModel(SCRIPT, ({ owed, total }: Owed) => {
    const parts = owed.map((row) => `${row.customer} $${row.unpaid}`).join(", ");
    return `The three largest customers owe $${total} in unpaid invoices (${parts}).`;
  });
}

/** A fake chat model that refunds with {@link REFUND_SCRIPT}, then says which refunds went through. */
export function createRefundModel(): BaseChatModel {
  return scriptedModel(REFUND_SCRIPT, (refunds: Refund[]) =>
    refunds
      .map((row) =>
        row.refunded
          ? `Refunded ${row.customer}'s ${row.invoice} ($${row.amount}, ${row.note}).`
          : `Did not refund ${row.customer}'s ${row.invoice} ($${row.amount}): ${row.note}`,
      )
      .join(" "),
  );
}

function scriptedModel<T>(code: string, answer: (result: T) => string): BaseChatModel {
  return fakeModel()
    .respondWithTools([{ name: "execute", args: { code }, id: "call_1" }])
    .respond((messages: BaseMessage[]) => {
      const text = String(messages.at(-1)?.content ?? "");
      const match = /^Result: (.*)$/m.exec(text);
      return new AIMessage(match ? answer(JSON.parse(match[1]!) as T) : `The script failed: ${text}`);
    }) as unknown as BaseChatModel;
}

/** A real chat model when ANTHROPIC_API_KEY or OPENAI_API_KEY is set (MODEL overrides the choice), else undefined. */
export async function createRealModel(env = process.env): Promise<BaseChatModel | undefined> {
  const name =
    env.MODEL ??
    (env.ANTHROPIC_API_KEY ? "anthropic:claude-sonnet-4-5" : env.OPENAI_API_KEY ? "openai:gpt-4.1-mini" : undefined);
  if (!name) return undefined;
  // initChatModel imports the provider package (@langchain/anthropic or @langchain/openai) only now.
  return (await initChatModel(name)) as unknown as BaseChatModel;
}
