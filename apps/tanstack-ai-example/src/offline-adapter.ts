// A scripted stand-in for a model, so the example runs offline: its first turn calls a tool with the script a model
// would write, its second answers from the tool result it was sent.
import type { AnyTextAdapter, ModelMessage, StreamChunk, TextOptions } from "@tanstack/ai";

/** The script a model writes for the question, in code mode's envelope style. */
export const SCRIPT = `const products = await tools.shop.list_products({});
if (!products.ok) return products.error;
const levels = await Promise.all(products.data.map((p) => tools.shop.get_stock({ sku: p.sku })));
const low = products.data.filter((p, i) => levels[i].ok && levels[i].data.units < p.reorderAt);
return { low: low.map((p) => p.name), restockValue: low.reduce((sum, p) => sum + p.reorderAt * p.price, 0) };`;

/** The same program in TanStack's own code mode: `external_*` functions that return values. */
export const TANSTACK_SCRIPT = `const products = await external_list_products({});
const levels = await Promise.all(products.map((p: { sku: string }) => external_get_stock({ sku: p.sku })));
const low = products.filter((p: { reorderAt: number }, i: number) => levels[i].units < p.reorderAt);
return { low: low.map((p: { name: string }) => p.name), restockValue: low.reduce((sum: number, p: { reorderAt: number; price: number }) => sum + p.reorderAt * p.price, 0) };`;

interface Answer {
  low: string[];
  restockValue: number;
}

/** An adapter that calls `toolName` with `input`, then answers from what the tool returned. */
export function createOfflineAdapter(toolName: string, input: Record<string, unknown>): AnyTextAdapter {
  let turn = 0;
  const adapter = {
    kind: "text",
    name: "offline",
    model: "offline",
    async *chatStream(options: TextOptions): AsyncIterable<StreamChunk> {
      turn += 1;
      const base = { threadId: "example", runId: `run-${turn}`, model: "offline", timestamp: Date.now() };
      yield { type: "RUN_STARTED", ...base } as StreamChunk;
      const toolMessage = options.messages.findLast((message: ModelMessage) => message.role === "tool");
      if (!toolMessage) {
        const call = { ...base, toolCallId: "call-1", toolCallName: toolName, toolName };
        yield { type: "TOOL_CALL_START", ...call, index: 0 } as StreamChunk;
        yield { type: "TOOL_CALL_ARGS", ...call, delta: JSON.stringify(input) } as StreamChunk;
        yield { type: "TOOL_CALL_END", ...call } as StreamChunk;
        yield { type: "RUN_FINISHED", ...base, finishReason: "tool_calls" } as StreamChunk;
        return;
      }
      const text = answer(JSON.parse(String(toolMessage.content)) as { result?: Answer });
      yield { type: "TEXT_MESSAGE_START", ...base, messageId: "answer", role: "assistant" } as StreamChunk;
      yield { type: "TEXT_MESSAGE_CONTENT", ...base, messageId: "answer", delta: text } as StreamChunk;
      yield { type: "TEXT_MESSAGE_END", ...base, messageId: "answer" } as StreamChunk;
      yield { type: "RUN_FINISHED", ...base, finishReason: "stop" } as StreamChunk;
    },
    async structuredOutput() {
      throw new Error("The offline adapter has no structured output.");
    },
  };
  return adapter as unknown as AnyTextAdapter;
}

function answer(output: { result?: Answer }): string {
  if (!output.result) return `The script failed: ${JSON.stringify(output)}`;
  const { low, restockValue } = output.result;
  return `Below their reorder point: ${low.join(", ")}. Restocking them to it costs $${restockValue.toLocaleString("en-US")}.`;
}
