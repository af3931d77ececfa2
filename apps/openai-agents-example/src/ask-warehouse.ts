import { fileURLToPath } from "node:url";
import { createCodeModeTool, loadMcpTools } from "@codemode/openai-agents";
import { Agent, MCPServerStdio, run, type Model } from "@openai/agents";
import { listProducts } from "./catalog-tools.js";

/** The example's question: the shop's catalog and the warehouse's stock, joined and summed. */
export const QUESTION = "What is the stock in Berlin worth, product by product?";

/** What the person is shown before the script runs, and says yes or no to. */
export type Decide = (code: string) => boolean;

/**
 * Asks with one tool, `execute`, over the shop's function tool and a warehouse MCP server (stdio). The script needs a
 * person's yes before it runs (the SDK's own `needsApproval`): the run stops with an interruption showing the code,
 * `decide` answers, and the run goes on from its state.
 */
export async function askWarehouse(model: Model, decide: Decide): Promise<string> {
  const warehouse = new MCPServerStdio({ name: "warehouse", command: process.execPath, args: [fileURLToPath(new URL("./warehouse-server.mjs", import.meta.url))] });
  await warehouse.connect();
  const mcpTools = await loadMcpTools([warehouse]);
  const execute = createCodeModeTool({
    tools: [listProducts, ...mcpTools],
    namespace: { list_products: "shop", stock: "warehouse" },
    needsApproval: true,
    limits: { timeoutMs: 10_000 },
  });
  try {
    const agent = new Agent({ name: "warehouse", instructions: "Answer about stock.", model, tools: [execute] });
    let result = await run(agent, QUESTION);
    while (result.interruptions.length > 0) {
      for (const item of result.interruptions) {
        const { code } = JSON.parse(String(item.rawItem.type === "function_call" ? item.rawItem.arguments : "{}")) as { code: string };
        if (decide(code)) result.state.approve(item);
        else result.state.reject(item);
      }
      result = await run(agent, result.state);
    }
    return String(result.finalOutput);
  } finally {
    await execute.close();
    await warehouse.close();
  }
}
