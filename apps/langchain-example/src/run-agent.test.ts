import type { ExecutionResult } from "@codemode/core";
import type { ToolMessage } from "@langchain/core/messages";
import { describe, expect, it } from "vitest";
import { createScriptedModel } from "./create-model.js";
import { runAgent } from "./run-agent.js";

describe("runAgent", () => {
  it("answers with the unpaid total of the three largest customers from one script", async () => {
    const { answer, messages } = await runAgent("What do our three largest customers owe?", createScriptedModel());
    // Umbrella 4200 + 600, Globex 8000 + 1750, Hooli 5100.
    expect(answer).toBe("The three largest customers owe $19650 in unpaid invoices (Umbrella $4800, Globex $9750, Hooli $5100).");
    const toolMessages = messages.filter((message) => message.type === "tool") as ToolMessage[];
    expect(toolMessages).toHaveLength(1);
    const result = toolMessages[0]!.artifact as ExecutionResult;
    expect(result.status).toBe("completed");
    expect(result.toolCalls.map((call) => call.tool)).toEqual([
      "crm.list_customers",
      "billing.list_invoices",
      "billing.list_invoices",
      "billing.list_invoices",
    ]);
  });
});
