import { countTokens } from "gpt-tokenizer/encoding/o200k_base";
import { readToolResults, type ModelCallOptions } from "./read-prompt.js";
import { serializeStable } from "./serialize-stable.js";

/** What one mode of a scenario cost the model, in o200k tokens. */
export interface ModeMeasure {
  /** Tokens of every step's prompt and tool list, summed over steps. */
  inputTokens: number;
  /** Tokens of the tool results that entered the context (each counted once). */
  resultTokens: number;
  /** Model calls. */
  steps: number;
  /** Tokens of the tool list (names, descriptions, schemas) sent at each step. */
  descriptionTokens: number;
}

/** Counts the exact prompts and tools the AI SDK sent at every step, serialised deterministically. */
export function measureSteps(calls: readonly ModelCallOptions[]): ModeMeasure {
  const last = calls.at(-1);
  if (last === undefined) throw new Error("The model was never called.");
  const descriptionTokens = countTokens(serializeStable(calls[0]?.tools ?? []));
  let inputTokens = 0;
  for (const call of calls) inputTokens += countTokens(serializeStable({ prompt: call.prompt, tools: call.tools ?? [] }));
  // The last prompt holds every result of the run: earlier ones are only its prefixes.
  const resultTokens = readToolResults(last.prompt).reduce((sum, result) => sum + countTokens(serializeStable(result.output)), 0);
  return { inputTokens, resultTokens, steps: calls.length, descriptionTokens };
}
