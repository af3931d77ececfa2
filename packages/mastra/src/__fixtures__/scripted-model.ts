// An AI SDK mock model that behaves like one using code mode, which a Mastra Agent runs offline: its first step calls
// the `execute` tool with a script, and its next step answers in text made from the tool output it was sent.
import { MockLanguageModelV3 } from "ai/test";

type GenerateResult = Awaited<ReturnType<MockLanguageModelV3["doGenerate"]>>;

const usage: GenerateResult["usage"] = {
  inputTokens: { total: 100, noCache: 100, cacheRead: 0, cacheWrite: 0 },
  outputTokens: { total: 20, text: 20, reasoning: 0 },
};

/** The output of the last tool result the model was sent, as the provider would receive it. */
export function lastToolOutput(model: MockLanguageModelV3): unknown {
  const prompt = model.doGenerateCalls.at(-1)?.prompt ?? [];
  const message = prompt.findLast((candidate) => candidate.role === "tool");
  const part = message?.content.find((candidate) => candidate.type === "tool-result");
  return part?.type === "tool-result" ? part.output : undefined;
}

/** Calls `toolName` with `input` while no tool result was sent, then answers with the text `answer` makes. */
export function createScriptedModel(
  code: string,
  answer: (output: unknown) => string = () => "Done.",
  call: { toolName: string; input: Record<string, unknown> } = { toolName: "execute", input: { code } },
): MockLanguageModelV3 {
  const model: MockLanguageModelV3 = new MockLanguageModelV3({
    doGenerate: async ({ prompt }): Promise<GenerateResult> => {
      if (!prompt.some((message) => message.role === "tool")) {
        const content = [{ type: "tool-call" as const, toolCallId: "call-1", toolName: call.toolName, input: JSON.stringify(call.input) }];
        return { content, finishReason: { unified: "tool-calls", raw: undefined }, usage, warnings: [] };
      }
      return { content: [{ type: "text", text: answer(lastToolOutput(model)) }], finishReason: { unified: "stop", raw: undefined }, usage, warnings: [] };
    },
  });
  return model;
}
