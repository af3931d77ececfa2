import { MockLanguageModelV3 } from "ai/test";
import type { ModelPolicy } from "./token-scenario.js";

type GenerateResult = Awaited<ReturnType<MockLanguageModelV3["doGenerate"]>>;

// The mock's own usage figures are not used: the benchmark counts the prompts it captures.
const USAGE: GenerateResult["usage"] = {
  inputTokens: { total: 0, noCache: 0, cacheRead: 0, cacheWrite: 0 },
  outputTokens: { total: 0, text: 0, reasoning: 0 },
};

/**
 * A scripted AI SDK model that makes one tool call per step, or answers, as its policy decides from the prompt it
 * receives. Every call's options (prompt and tools) stay in `doGenerateCalls`.
 */
export function createPolicyModel(policy: ModelPolicy): MockLanguageModelV3 {
  const model: MockLanguageModelV3 = new MockLanguageModelV3({
    doGenerate: async (options): Promise<GenerateResult> => {
      const action = policy(options.prompt);
      if ("text" in action) {
        return { content: [{ type: "text", text: action.text }], finishReason: { unified: "stop", raw: undefined }, usage: USAGE, warnings: [] };
      }
      const toolCallId = `call-${model.doGenerateCalls.length}`;
      return {
        content: [{ type: "tool-call", toolCallId, toolName: action.tool, input: JSON.stringify(action.input) }],
        finishReason: { unified: "tool-calls", raw: undefined },
        usage: USAGE,
        warnings: [],
      };
    },
  });
  return model;
}
