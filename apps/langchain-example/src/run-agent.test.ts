import type { ExecutionEvent, ExecutionResult } from "@codemode/core";
import type { ToolMessage } from "@langchain/core/messages";
import { describe, expect, it } from "vitest";
import { createRefundModel, createScriptedModel } from "./create-model.js";
import { runAgent } from "./run-agent.js";

/** The full ExecutionResult of each `execute` call, from the ToolMessages' artifacts. */
function executions(messages: Awaited<ReturnType<typeof runAgent>>["messages"]): ExecutionResult[] {
  return (messages.filter((message) => message.type === "tool") as ToolMessage[]).map((message) => message.artifact as ExecutionResult);
}

describe("runAgent", () => {
  it("answers with the unpaid total of the three largest customers from one script, its calls streamed as they happen", async () => {
    const events: ExecutionEvent[] = [];
    const { answer, messages } = await runAgent("What do our three largest customers owe?", createScriptedModel(), { onEvent: (event) => events.push(event) });
    // Umbrella 4200 + 600, Globex 8000 + 1750, Hooli 5100.
    expect(answer).toBe("The three largest customers owe $19650 in unpaid invoices (Umbrella $4800, Globex $9750, Hooli $5100).");
    const results = executions(messages);
    expect(results).toHaveLength(1);
    expect(results[0]!.status).toBe("completed");
    expect(results[0]!.toolCalls.map((call) => call.tool)).toEqual([
      "crm.list_customers",
      "billing.list_invoices",
      "billing.list_invoices",
      "billing.list_invoices",
    ]);
    // The graph's custom stream carried the run's events: the customers first, then the three lists at once.
    const calls = events.filter((event) => event.type === "tool-call-start" || event.type === "tool-call-end").map((event) => `${event.type} ${"tool" in event ? event.tool : ""}`);
    expect(calls.slice(0, 5)).toEqual([
      "tool-call-start crm.list_customers",
      "tool-call-end crm.list_customers",
      "tool-call-start billing.list_invoices",
      "tool-call-start billing.list_invoices",
      "tool-call-start billing.list_invoices",
    ]);
    expect(events.at(-1)).toMatchObject({ type: "end", status: "completed" });
  });

  it("stops at an interrupt for each refund, runs the one the person allows and not the one denied", async () => {
    const lines: string[] = [];
    const { answer, messages, interrupts } = await runAgent("Refund Umbrella's and Hooli's paid invoices.", createRefundModel(), { log: (line) => lines.push(line) });
    // One interrupt per refund: the script reaches the second only after the first was decided.
    expect(interrupts).toBe(2);
    expect(lines).toEqual([
      'approval: denied billing.refund_invoice {"invoiceId":"inv_1006","amount":15000}',
      'approval: approved billing.refund_invoice {"invoiceId":"inv_1010","amount":2200}',
    ]);
    expect(answer).toBe(
      "Did not refund Umbrella's inv_1006 ($15000): The call to billing.refund_invoice was denied: refunds over $5000 need a manager. " +
        "Refunded Hooli's inv_1010 ($2200, re_inv_1010).",
    );
    const [execution] = executions(messages);
    expect(execution!.status).toBe("completed");
    expect(execution!.result).toMatchObject([
      { invoice: "inv_1006", refunded: false },
      { invoice: "inv_1010", refunded: true, note: "re_inv_1010" },
    ]);
  });
});
