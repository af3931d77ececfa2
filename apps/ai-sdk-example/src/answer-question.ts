import { createCodeModeTool, type CodeModeToolOutput, type ExecutionProgress } from "@codemode/ai-sdk";
import type { ExecutionResult } from "@codemode/core";
import { stepCountIs, streamText, type LanguageModel } from "ai";
import { businessTools, namespaces } from "./business-tools.js";

/** The example's question: it needs four tool calls, joined and summed, for one short answer. */
export const QUESTION = "What is the total of the unpaid invoices of our three largest customers by annual revenue?";

/** What the agent answered, and every script it ran with its full result. */
export interface Answer {
  text: string;
  executions: { code: string; result: ExecutionResult }[];
}

/**
 * Asks the model the question with one tool, `execute`, that reaches all the business tools from a script. The answer
 * streams: while a script runs, `onProgress` hears what it does (each tool call started and finished, its console
 * lines), as a chat UI would show it.
 */
export async function answerQuestion(model: LanguageModel, options: { question?: string; onProgress?: (progress: ExecutionProgress) => void } = {}): Promise<Answer> {
  const execute = createCodeModeTool({ tools: businessTools, namespace: namespaces, limits: { timeoutMs: 10_000 } });
  try {
    const answer = streamText({ model, tools: { execute }, stopWhen: stepCountIs(5), prompt: options.question ?? QUESTION });
    for await (const part of answer.fullStream) {
      // While a script runs, the tool's preliminary results are its progress; the last one is its result.
      if (part.type !== "tool-result" || !part.preliminary) continue;
      const output = part.output as CodeModeToolOutput;
      if (output.status === "running") options.onProgress?.(output);
    }
    // The model saw a compact view; the host keeps the full result of every run (tool calls, timings, logs).
    const executions = (await answer.steps).flatMap((step) =>
      step.toolResults.flatMap((toolResult) => (toolResult.dynamic || toolResult.output.status === "running" ? [] : [{ code: toolResult.input.code, result: toolResult.output }])),
    );
    return { text: await answer.text, executions };
  } finally {
    // The code mode owns worker threads; closing them lets the process exit.
    await execute.close();
  }
}
