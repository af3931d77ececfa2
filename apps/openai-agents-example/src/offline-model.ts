// A scripted stand-in for a model, so the example runs offline: its first turn calls `execute` with the script a
// model would write, its second answers from the tool output it was sent.
import { Usage, type Model, type ModelRequest, type ModelResponse } from "@openai/agents";

/** The script for the question: the shop's own tool and the warehouse's MCP tool, joined in the sandbox. */
export const SCRIPT = `const products = await tools.shop.list_products({});
const stock = await Promise.all(products.data.map((p) => tools.warehouse.stock({ sku: p.sku, site: "berlin" })));
const lines = products.data.map((p, i) => ({ name: p.name, units: stock[i].data.units, value: stock[i].data.units * p.price }));
return { lines, total: lines.reduce((sum, line) => sum + line.value, 0) };`;

/** A model that calls `execute` with {@link SCRIPT}, then repeats the output it was sent. */
export function createOfflineModel(): Model {
  return {
    async getResponse(request: ModelRequest): Promise<ModelResponse> {
      const input = Array.isArray(request.input) ? request.input : [];
      const result = input.findLast((item) => item.type === "function_call_result") as { output?: { text?: string } } | undefined;
      if (!result) {
        const call = { type: "function_call" as const, callId: "call-1", name: "execute", arguments: JSON.stringify({ code: SCRIPT }), status: "completed" as const };
        return { usage: new Usage(), output: [call] };
      }
      const text = `From the script: ${result.output?.text ?? JSON.stringify(result.output)}`;
      return { usage: new Usage(), output: [{ type: "message", role: "assistant", status: "completed", content: [{ type: "output_text", text }] }] };
    },
    // eslint-disable-next-line require-yield -- this example's runs never stream.
    async *getStreamedResponse() {
      throw new Error("The offline model does not stream.");
    },
  };
}
