import { createCodeModeIsolateDriver, createCodeModeTool, EXECUTION_EVENT } from "@codemode/tanstack-ai";
import { chat, type AnyTextAdapter, type StreamChunk } from "@tanstack/ai";
import { createCodeMode } from "@tanstack/ai-code-mode";
import { getStock, listProducts } from "./inventory-tools.js";

/** The example's question: two tools, one call per product, filtered and summed. */
export const QUESTION = "Which products are below their reorder point, and what does restocking them to it cost?";

/** The answer and what the host saw of the run. */
export interface ShopAnswer {
  text: string;
  /** The tool calls the script made, in order (from the full result the host gets as a custom event). */
  toolCalls: string[];
}

/** Asks through `@codemode/tanstack-ai`'s `execute` tool: the model writes one script over the shop's tools. */
export async function askWithCodeModeTool(adapter: AnyTextAdapter): Promise<ShopAnswer> {
  const execute = createCodeModeTool({ tools: [listProducts, getStock], namespace: "shop", limits: { timeoutMs: 10_000 } });
  try {
    return await collect(chat({ adapter, messages: [{ role: "user", content: QUESTION }], tools: [execute] }));
  } finally {
    // The code mode owns worker threads; closing them lets the process exit.
    await execute.close();
  }
}

/** Asks through TanStack's own code mode, whose `execute_typescript` runs on this engine via the isolate driver. */
export async function askWithTanStackCodeMode(adapter: AnyTextAdapter): Promise<ShopAnswer> {
  const driver = createCodeModeIsolateDriver();
  try {
    const { tool, systemPrompt } = createCodeMode({ driver, tools: [listProducts, getStock] });
    return await collect(chat({ adapter, messages: [{ role: "user", content: QUESTION }], tools: [tool], systemPrompts: [systemPrompt] }));
  } finally {
    await driver.close();
  }
}

async function collect(stream: AsyncIterable<StreamChunk>): Promise<ShopAnswer> {
  let text = "";
  const toolCalls: string[] = [];
  for await (const chunk of stream) {
    if (chunk.type === "TEXT_MESSAGE_CONTENT") text += chunk.delta;
    if (chunk.type === "CUSTOM" && chunk.name === EXECUTION_EVENT) toolCalls.push(...(chunk.value as { result: { toolCalls: { tool: string }[] } }).result.toolCalls.map((call) => call.tool));
    // TanStack's own code mode reports each external_* call as a custom event of its own.
    if (chunk.type === "CUSTOM" && chunk.name === "code_mode:external_call") toolCalls.push((chunk.value as { function: string }).function);
  }
  return { text, toolCalls };
}
