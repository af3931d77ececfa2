import { simulateReadableStream } from "ai";
import { MockLanguageModelV3 } from "ai/test";

type GenerateResult = Awaited<ReturnType<MockLanguageModelV3["doGenerate"]>>;

const usage: GenerateResult["usage"] = {
  inputTokens: { total: 900, noCache: 900, cacheRead: 0, cacheWrite: 0 },
  outputTokens: { total: 150, text: 150, reasoning: 0 },
};

/** The script a model writes for the question: one run that calls four tools and returns only the totals. */
export const SCRIPT = `const customers = await tools.crm.list_customers({});
if (!customers.ok) return { error: customers.error.message };
const largest = customers.data.sort((a, b) => b.annualRevenue - a.annualRevenue).slice(0, 3);
const invoices = await Promise.all(
  largest.map((customer) => tools.billing.list_invoices({ customerId: customer.id, status: "unpaid" })),
);
const owed = largest.map((customer, i) => ({
  name: customer.name,
  unpaid: invoices[i].ok ? invoices[i].data.reduce((sum, invoice) => sum + invoice.amount, 0) : null,
}));
return { owed, total: owed.reduce((sum, customer) => sum + customer.unpaid, 0) };`;

interface Owed {
  owed: { name: string; unpaid: number }[];
  total: number;
}

/** The script a model writes to refund Globex's paid invoice: it looks the invoice up, then refunds it. */
export const REFUND_SCRIPT = `const paid = await tools.billing.list_invoices({ customerId: "cus_02", status: "paid" });
const [invoice] = paid.data;
const refund = await tools.billing.refund_invoice({ invoiceId: invoice.id, amount: invoice.amount });
return refund.ok ? refund.data : { refused: refund.error.message };`;

interface Refunded {
  refundId?: string;
  invoiceId?: string;
  amount?: number;
}

/**
 * A scripted stand-in for a real model, so the example runs offline: step 1 calls `execute` with {@link SCRIPT},
 * step 2 answers from the tool output it was sent, as a model reading it would.
 */
export function createOfflineModel(): MockLanguageModelV3 {
  return scriptedModel(SCRIPT, (view) => answer(view as { status: string; result?: Owed } | null));
}

/** The same stand-in for the refund: it writes {@link REFUND_SCRIPT}, then says what the output it was sent shows. */
export function createOfflineRefundModel(): MockLanguageModelV3 {
  return scriptedModel(REFUND_SCRIPT, (view) => {
    const { status, result } = (view ?? {}) as { status?: string; result?: Refunded };
    if (status === "completed" && result?.refundId) return `Refunded ${result.invoiceId} ($${result.amount}, ${result.refundId}).`;
    return `No refund was made: ${JSON.stringify(view)}`;
  });
}

function scriptedModel(script: string, answerFrom: (view: unknown) => string): MockLanguageModelV3 {
  const model: MockLanguageModelV3 = new MockLanguageModelV3({
    doGenerate: async ({ prompt }) => respond(prompt),
    // The same answers, streamed as a provider streams them (streamText).
    doStream: async ({ prompt }) => ({ stream: simulateReadableStream({ chunks: toChunks(respond(prompt)) }) }),
  });
  const respond = (prompt: Parameters<MockLanguageModelV3["doGenerate"]>[0]["prompt"]): GenerateResult => {
    const toolMessage = prompt.findLast((message) => message.role === "tool");
    if (!toolMessage) {
      const input = JSON.stringify({ code: script });
      const content = [{ type: "tool-call" as const, toolCallId: "call-1", toolName: "execute", input }];
      return { content, finishReason: { unified: "tool-calls", raw: undefined }, usage, warnings: [] };
    }
    const part = toolMessage.content.find((candidate) => candidate.type === "tool-result");
    // A denied approval reaches the model as an output of its own type ("execution-denied").
    const view = part?.type !== "tool-result" ? null : part.output.type === "json" ? part.output.value : part.output;
    const text = answerFrom(view);
    return {
      content: [{ type: "text", text }],
      finishReason: { unified: "stop", raw: undefined },
      usage,
      warnings: [],
    };
  };
  return model;
}

type StreamResult = Awaited<ReturnType<MockLanguageModelV3["doStream"]>>;
type StreamChunk = StreamResult["stream"] extends ReadableStream<infer Part> ? Part : never;

/** A generated answer as the parts a provider streams. */
function toChunks({ content, finishReason }: GenerateResult): StreamChunk[] {
  const parts: StreamChunk[] = content.flatMap((part): StreamChunk[] =>
    part.type === "text"
      ? [{ type: "text-start", id: "text-1" }, { type: "text-delta", id: "text-1", delta: part.text }, { type: "text-end", id: "text-1" }]
      : [part as StreamChunk],
  );
  return [...parts, { type: "finish", finishReason, usage }];
}

function answer(view: { status: string; result?: Owed } | null): string {
  if (view?.status !== "completed" || !view.result) return `The script failed: ${JSON.stringify(view)}`;
  const dollars = (amount: number) => `$${amount.toLocaleString("en-US")}`;
  const names = view.result.owed.map((customer) => `${customer.name} ${dollars(customer.unpaid)}`).join(", ");
  return `The three largest customers owe ${dollars(view.result.total)} in unpaid invoices (${names}).`;
}
