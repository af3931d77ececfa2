import { afterEach, describe, expect, it } from "vitest";
import { askWithCodeModeTool, askWithMastraCodeMode, refundWithApproval } from "./ask-shop.js";
import { createOfflineModel, LOST_SCRIPT, MASTRA_SCRIPT, REFUND_SCRIPT } from "./offline-model.js";
import { refunds } from "./order-tools.js";

afterEach(() => void (refunds.length = 0));

describe("the shop agent", () => {
  it("answers with one script through @codemode/mastra's execute tool", async () => {
    const text = await askWithCodeModeTool(createOfflineModel("execute", { code: LOST_SCRIPT }), "Lost?");
    expect(text).toBe('Tool output: {"status":"completed","result":{"lost":["ord_2","ord_4"],"total":140}}');
  });

  it("answers through Mastra's own code mode running on this engine", async () => {
    const text = await askWithMastraCodeMode(createOfflineModel("execute_typescript", { code: MASTRA_SCRIPT }), "Lost?");
    expect(text).toContain('"result":{"lost":["ord_2","ord_4"],"total":140}');
  });

  it("suspends at the refunds, shows the person both calls, and refunds each once after the yes", async () => {
    const shown: unknown[] = [];
    const text = await refundWithApproval(createOfflineModel("execute", { code: REFUND_SCRIPT }), "Refund.", (pending) => (shown.push(...pending), true));
    expect(shown).toMatchObject([
      { tool: "shop.refund_order", arguments: { orderId: "ord_2", amount: 80 } },
      { tool: "shop.refund_order", arguments: { orderId: "ord_4", amount: 60 } },
    ]);
    expect(refunds).toEqual([{ orderId: "ord_2", amount: 80 }, { orderId: "ord_4", amount: 60 }]);
    expect(text).toContain('"result":["re_ord_2","re_ord_4"]');
  });

  it("never refunds when the person says no, and the script sees access_denied", async () => {
    const text = await refundWithApproval(createOfflineModel("execute", { code: REFUND_SCRIPT }), "Refund.", () => false);
    expect(refunds).toEqual([]);
    expect(text).toContain('"result":["access_denied","access_denied"]');
  });
});
