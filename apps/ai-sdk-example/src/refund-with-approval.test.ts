import { afterEach, describe, expect, it } from "vitest";
import { refunds } from "./business-tools.js";
import { createOfflineRefundModel } from "./offline-model.js";
import { refundWithApproval } from "./refund-with-approval.js";

afterEach(() => {
  refunds.length = 0;
});

describe("refundWithApproval", () => {
  it("pauses at the refund, shows the person the call, and refunds once after the yes", async () => {
    const lines: string[] = [];
    const shown: unknown[] = [];
    const model = createOfflineRefundModel();
    const text = await refundWithApproval(model, { decide: (pending) => (shown.push(...pending), true), log: (line) => lines.push(line) });
    expect(shown).toMatchObject([{ tool: "billing.refund_invoice", arguments: { invoiceId: "inv_1003", amount: 2500 }, line: 3 }]);
    expect(lines).toEqual(['approval asked: billing.refund_invoice {"invoiceId":"inv_1003","amount":2500} (line 3)', "approval given"]);
    expect(refunds).toEqual([{ invoiceId: "inv_1003", amount: 2500 }]);
    expect(text).toBe("Refunded inv_1003 ($2500, re_inv_1003).");
    // Two model calls: the script, then the answer; the person's yes was never the model's to give.
    expect(model.doGenerateCalls).toHaveLength(2);
  });

  it("never refunds when the person says no, and the model is told so", async () => {
    const text = await refundWithApproval(createOfflineRefundModel(), { decide: () => false, log: () => {} });
    expect(refunds).toEqual([]);
    expect(text).toBe('No refund was made: {"type":"execution-denied"}');
  });
});
