// A scripted stand-in for a model, so the example runs offline: its first step calls a tool with the script a model
// would write, its second answers from the tool output it was sent.
import { MockLanguageModelV3 } from "ai/test";

type GenerateResult = Awaited<ReturnType<MockLanguageModelV3["doGenerate"]>>;
const usage: GenerateResult["usage"] = { inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 }, outputTokens: { total: 1, text: 1, reasoning: 0 } };

/** The script for "what did Acme lose?", in code mode's envelope style. */
export const LOST_SCRIPT = `const orders = await tools.shop.list_orders({ customer: "Acme" });
const lost = orders.data.filter((order) => order.status === "lost");
return { lost: lost.map((order) => order.id), total: lost.reduce((sum, order) => sum + order.total, 0) };`;

/** The same program in Mastra's own code mode: `external_*` functions that return values. */
export const MASTRA_SCRIPT = `const orders = await external_list_orders({ customer: "Acme" });
const lost = orders.filter((order: { status: string }) => order.status === "lost");
return { lost: lost.map((order: { id: string }) => order.id), total: lost.reduce((sum: number, order: { total: number }) => sum + order.total, 0) };`;

/** The script for "refund Acme's lost orders": each refund waits for a person. */
export const REFUND_SCRIPT = `const orders = await tools.shop.list_orders({ customer: "Acme" });
const lost = orders.data.filter((order) => order.status === "lost");
const refunds = await Promise.all(lost.map((order) => tools.shop.refund_order({ orderId: order.id, amount: order.total })));
return refunds.map((refund) => (refund.ok ? refund.data.refundId : refund.error.code));`;

/** A model that calls `toolName` with `input`, then says what the tool output it was sent shows. */
export function createOfflineModel(toolName: string, input: Record<string, unknown>): MockLanguageModelV3 {
  return new MockLanguageModelV3({
    doGenerate: async ({ prompt }): Promise<GenerateResult> => {
      const message = prompt.findLast((candidate) => candidate.role === "tool");
      const part = message?.content.find((candidate) => candidate.type === "tool-result");
      if (part?.type !== "tool-result") {
        const content = [{ type: "tool-call" as const, toolCallId: "call-1", toolName, input: JSON.stringify(input) }];
        return { content, finishReason: { unified: "tool-calls", raw: undefined }, usage, warnings: [] };
      }
      const output = part.output.type === "json" ? part.output.value : part.output;
      return { content: [{ type: "text", text: `Tool output: ${JSON.stringify(output)}` }], finishReason: { unified: "stop", raw: undefined }, usage, warnings: [] };
    },
  });
}
