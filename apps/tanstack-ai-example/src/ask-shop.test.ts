import { describe, expect, it } from "vitest";
import { askWithCodeModeTool, askWithTanStackCodeMode } from "./ask-shop.js";
import { createOfflineAdapter, SCRIPT, TANSTACK_SCRIPT } from "./offline-adapter.js";

// Lamp (12 < 20) and chair (3 < 8) are low: 20 x $40 + 8 x $220.
const ANSWER = "Below their reorder point: Desk lamp, Office chair. Restocking them to it costs $2,560.";

describe("the shop question", () => {
  it("is answered by one script through @codemode/tanstack-ai's execute tool", async () => {
    const { text, toolCalls } = await askWithCodeModeTool(createOfflineAdapter("execute", { code: SCRIPT }));
    expect(text).toBe(ANSWER);
    expect(toolCalls).toEqual(["shop.list_products", "shop.get_stock", "shop.get_stock", "shop.get_stock", "shop.get_stock"]);
  });

  it("is answered by TanStack's own code mode running on this engine", async () => {
    const { text, toolCalls } = await askWithTanStackCodeMode(createOfflineAdapter("execute_typescript", { typescriptCode: TANSTACK_SCRIPT }));
    expect(text).toBe(ANSWER);
    expect(toolCalls.filter((name) => name === "external_get_stock")).toHaveLength(4);
  });
});
