import { describe, expect, it } from "vitest";
import type { ExecutionProgress } from "@codemode/ai-sdk";
import { answerQuestion } from "./answer-question.js";
import { createOfflineModel } from "./offline-model.js";

describe("answerQuestion", () => {
  it("answers with one script that calls four tools, streaming its progress while it runs", async () => {
    const model = createOfflineModel();
    const progress: ExecutionProgress[] = [];
    const { text, executions } = await answerQuestion(model, { onProgress: (update) => progress.push(update) });
    // Umbrella 4,800 + Globex 9,750 + Hooli 5,100.
    expect(text).toBe(
      "The three largest customers owe $19,650 in unpaid invoices (Umbrella $4,800, Globex $9,750, Hooli $5,100)."
    );
    expect(executions).toHaveLength(1);
    expect(executions[0]!.result.toolCalls.map((call) => call.tool)).toEqual([
      "crm.list_customers",
      "billing.list_invoices",
      "billing.list_invoices",
      "billing.list_invoices",
    ]);
    expect(model.doStreamCalls).toHaveLength(2);
    // The calls were seen while they ran: the list of customers first, then the three invoice lists at once.
    expect(progress.some((update) => update.toolCalls.running.includes("crm.list_customers"))).toBe(true);
    expect(progress.some((update) => update.toolCalls.running.filter((tool) => tool === "billing.list_invoices").length === 3)).toBe(true);
  });

  it("offers the model one tool whose description lists the business tools", async () => {
    const model = createOfflineModel();
    await answerQuestion(model);
    const [tool] = model.doStreamCalls[0]!.tools ?? [];
    expect(tool).toMatchObject({ type: "function", name: "execute" });
    expect(tool?.type === "function" && tool.description).toMatch(/list_customers[\s\S]*list_invoices/);
  });
});
