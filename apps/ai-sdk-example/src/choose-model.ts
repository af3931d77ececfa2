import type { LanguageModel } from "ai";
import { createOfflineModel } from "./offline-model.js";

/**
 * A real model when OPENAI_API_KEY or ANTHROPIC_API_KEY is set (MODEL picks which one), else the offline model.
 * The providers are optional dependencies, loaded only when a key asks for them.
 */
export async function chooseModel(
  env: NodeJS.ProcessEnv = process.env
): Promise<{ model: LanguageModel; name: string }> {
  if (env.OPENAI_API_KEY) {
    const { openai } = await import("@ai-sdk/openai");
    const id = env.MODEL ?? "gpt-4.1-mini";
    return { model: openai(id), name: `openai ${id}` };
  }
  if (env.ANTHROPIC_API_KEY) {
    const { anthropic } = await import("@ai-sdk/anthropic");
    const id = env.MODEL ?? "claude-haiku-4-5";
    return { model: anthropic(id), name: `anthropic ${id}` };
  }
  return { model: createOfflineModel(), name: "offline (scripted)" };
}
