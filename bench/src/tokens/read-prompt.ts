import type { MockLanguageModelV3 } from "ai/test";

/** The options the AI SDK passes to a model's `doGenerate` at one step. */
export type ModelCallOptions = Parameters<MockLanguageModelV3["doGenerate"]>[0];

/** The prompt the AI SDK sends to a model at one step. */
export type ModelPrompt = ModelCallOptions["prompt"];

/** One tool result in a prompt, its output as the model receives it. */
export interface PromptToolResult {
  toolName: string;
  output: unknown;
}

/** Every tool result in the prompt, oldest first, with its output's value (text or JSON). */
export function readToolResults(prompt: ModelPrompt): PromptToolResult[] {
  const results: PromptToolResult[] = [];
  for (const message of prompt) {
    if (message.role !== "tool") continue;
    for (const part of message.content) {
      if (part.type !== "tool-result") continue;
      const output = part.output.type === "text" || part.output.type === "json" ? part.output.value : part.output;
      results.push({ toolName: part.toolName, output });
    }
  }
  return results;
}

/** The most recent tool result in the prompt, if any. */
export function lastToolResult(prompt: ModelPrompt): PromptToolResult | undefined {
  return readToolResults(prompt).at(-1);
}

/** The `result` of the last code-mode execution the model was shown; throws when that run did not complete. */
export function lastExecuteResult(prompt: ModelPrompt): unknown {
  const view = lastToolResult(prompt)?.output as { status?: string; result?: unknown; error?: unknown } | undefined;
  if (view?.status !== "completed") throw new Error(`The script failed: ${JSON.stringify(view)}`);
  return view.result;
}
