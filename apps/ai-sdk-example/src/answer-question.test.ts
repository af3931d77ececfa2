import { describe, expect, it } from "vitest";
import { answerQuestion } from "./answer-question.js";
import { createOfflineModel } from "./offline-model.js";

describe("answerQuestion", () => {
  it("answers with one script that calls four tools", async () => {
    const model = createOfflineModel();
    const { text, executions } = await answerQuestion(model);
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
    expect(model.doGenerateCalls).toHaveLength(2);
  });

  it("offers the model one tool whose description lists the business tools", async () => {
    const model = createOfflineModel();
    await answerQuestion(model);
    const [tool] = model.doGenerateCalls[0]!.tools ?? [];
    expect(tool).toMatchObject({ type: "function", name: "execute" });
    expect(tool?.type === "function" && tool.description).toMatch(/list_customers[\s\S]*list_invoices/);
  });
});
