import { MockLanguageModel, type MockModel } from "./ai-major.js";

type GenerateResult = Awaited<ReturnType<MockModel["doGenerate"]>>;

const usage: GenerateResult["usage"] = {
  inputTokens: { total: 100, noCache: 100, cacheRead: 0, cacheWrite: 0 },
  outputTokens: { total: 20, text: 20, reasoning: 0 },
};

/** The output of the last `execute` tool result the model was sent, as the provider would receive it. */
export function lastToolOutput(model: MockModel): unknown {
  const prompt = (model.doGenerateCalls.at(-1) ?? model.doStreamCalls.at(-1))?.prompt ?? [];
  const message = prompt.findLast((candidate) => candidate.role === "tool");
  const part = message?.content.find((candidate) => candidate.type === "tool-result");
  return part?.type === "tool-result" ? part.output : undefined;
}

/**
 * A model that behaves like one using code mode: its first step calls `execute` with the script, and its second step
 * answers in text made from the tool output it was sent.
 */
export function createScriptedModel(
  code: string,
  answer: (output: unknown) => string = () => "Done."
): MockModel {
  const model: MockModel = new MockLanguageModel({
    doGenerate: async (): Promise<GenerateResult> => {
      if (model.doGenerateCalls.length === 1) {
        const input = JSON.stringify({ code });
        return {
          content: [{ type: "tool-call", toolCallId: "call-1", toolName: "execute", input }],
          finishReason: { unified: "tool-calls", raw: undefined },
          usage,
          warnings: [],
        };
      }
      const text = answer(lastToolOutput(model));
      return {
        content: [{ type: "text", text }],
        finishReason: { unified: "stop", raw: undefined },
        usage,
        warnings: [],
      };
    },
  });
  return model;
}

/** A model that answers in text at once, made from the last tool output it was sent: the turn after an approval. */
export function createAnsweringModel(answer: (output: unknown) => string): MockModel {
  const model: MockModel = new MockLanguageModel({
    doGenerate: async (): Promise<GenerateResult> => ({
      content: [{ type: "text", text: answer(lastToolOutput(model)) }],
      finishReason: { unified: "stop", raw: undefined },
      usage,
      warnings: [],
    }),
  });
  return model;
}
