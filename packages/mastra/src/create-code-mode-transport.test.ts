import { Agent } from "@mastra/core/agent";
import { createCodeMode, createTool } from "@mastra/core/tools";
import { z } from "zod";
import { afterAll, describe, expect, it } from "vitest";
import { createScriptedModel } from "./__fixtures__/scripted-model.js";
import { createCodeModeTransport } from "./create-code-mode-transport.js";

const ratings: Record<string, number[]> = { "p-1": [4, 5], "p-2": [3] };
const getTopProducts = createTool({
  id: "getTopProducts",
  description: "Get top selling products.",
  inputSchema: z.object({ limit: z.number() }),
  execute: async ({ limit }) => ({ products: [{ id: "p-1", name: "Lamp" }, { id: "p-2", name: "Desk" }].slice(0, limit) }),
});
const getProductRatings = createTool({
  id: "get-product-ratings",
  description: "Get a product's ratings.",
  inputSchema: z.object({ productId: z.string() }),
  execute: async ({ productId }) => {
    if (!ratings[productId]) throw new Error(`No product ${productId}.`);
    return { ratings: ratings[productId] };
  },
});

const transport = createCodeModeTransport({ poolSize: 1 });
afterAll(() => transport.close());

/** Runs TypeScript through Mastra's own code mode on this transport, as a model's execute_typescript call. */
async function runTypeScript(code: string, timeout?: number) {
  const { tool, instructions } = createCodeMode({ tools: { getTopProducts, getProductRatings }, ...(timeout ? { timeout } : {}) }, transport);
  const model = createScriptedModel(code, () => "Done.", { toolName: "execute_typescript", input: { code } });
  const agent = new Agent({ id: "shop", name: "shop", instructions: ["Answer.", instructions], model, tools: { execute_typescript: tool } });
  const output = await agent.generate("Ratings?", { maxSteps: 2 });
  return (output.toolResults[0] as { payload: { result: { success: boolean; result?: unknown; logs?: string[]; error?: { name?: string; message: string; line?: number } } } }).payload.result;
}

describe("createCodeModeTransport", () => {
  it("runs Mastra's code mode without a sandbox: external_* functions resolve to the tools' values", async () => {
    const result = await runTypeScript(`
      const top = await external_getTopProducts({ limit: 2 });
      const all = await Promise.all(top.products.map((p: { id: string }) => external_get_product_ratings({ productId: p.id })));
      console.log("rated", all.length);
      return top.products.map((p: { name: string }, i: number) => ({ name: p.name, average: all[i].ratings.reduce((a: number, b: number) => a + b, 0) / all[i].ratings.length }));`);
    expect(result).toEqual({ success: true, result: [{ name: "Lamp", average: 4.5 }, { name: "Desk", average: 3 }], logs: ["rated 2"] });
  });

  it("throws a failing tool into the program, and reports an uncaught one with its line", async () => {
    const caught = await runTypeScript(`try { await external_get_product_ratings({ productId: "p-9" }); } catch (e) { return (e as Error).message; }`);
    expect(caught.success).toBe(true);
    expect(caught.result).toContain("No product p-9.");
    const uncaught = await runTypeScript(`const a = 1;\nawait external_get_product_ratings({ productId: "p-9" });\nreturn a;`);
    expect(uncaught).toMatchObject({ success: false, error: { name: "ToolCallFailed", line: 2 } });
  });

  it("checks arguments through Mastra's own validation before the tool runs", async () => {
    const result = await runTypeScript(`return await external_getTopProducts({ limit: "two" });`);
    expect(result.success).toBe(false);
    expect(result.error?.message).toMatch(/limit/);
  });

  it("ends a program that runs past Mastra's timeout", async () => {
    const result = await runTypeScript("while (true) {}", 300);
    expect(result).toMatchObject({ success: false, error: { name: "TimeoutExceeded" } });
  });
});
