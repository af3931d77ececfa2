import { createCodeModeTool } from "@codemode/ai-sdk";
import type { ExecutionResult } from "@codemode/core";
import { generateText, stepCountIs, type LanguageModel } from "ai";
import { businessTools, namespaces } from "./business-tools.js";

/** The example's question: it needs four tool calls, joined and summed, for one short answer. */
export const QUESTION = "What is the total of the unpaid invoices of our three largest customers by annual revenue?";

/** What the agent answered, and every script it ran with its full result. */
export interface Answer {
  text: string;
  executions: { code: string; result: ExecutionResult }[];
}

/** Asks the model the question with one tool, `execute`, that reaches all the business tools from a script. */
export async function answerQuestion(model: LanguageModel, question = QUESTION): Promise<Answer> {
  const execute = createCodeModeTool({ tools: businessTools, namespace: namespaces, limits: { timeoutMs: 10_000 } });
  const executions: Answer["executions"] = [];
  try {
    const { text } = await generateText({
      model,
      tools: { execute },
      stopWhen: stepCountIs(5),
      prompt: question,
      // The model saw a compact view; the host keeps the full result of every run (tool calls, timings, logs).
      onStepFinish: ({ toolResults }) => {
        for (const toolResult of toolResults) {
          if (toolResult.dynamic) continue;
          executions.push({ code: toolResult.input.code, result: toolResult.output });
        }
      },
    });
    return { text, executions };
  } finally {
    // The code mode owns worker threads; closing them lets the process exit.
    await execute.close();
  }
}
