import type { ExecutionResult } from "@codemode/core";
import { describeAdapterConformance } from "@codemode/core/testing";
import { generateText, jsonSchema, stepCountIs, tool } from "ai";
import { createScriptedModel, lastToolOutput } from "./__fixtures__/scripted-model.js";
import { createCodeModeTool } from "./create-code-mode-tool.js";
import type { ToolCallOptions } from "./from-ai-sdk-tools.js";

describeAdapterConformance("@codemode/ai-sdk", (specs, { limits }) => {
  const tools = Object.fromEntries(
    specs.map((spec) => [
      spec.name,
      tool({
        description: spec.description,
        inputSchema: jsonSchema(spec.inputSchema),
        execute: (args, { abortSignal }) => spec.execute(args, { signal: abortSignal! }),
      }),
    ])
  );
  const namespace = Object.fromEntries(specs.map((spec) => [spec.name, spec.namespace]));
  const execute = createCodeModeTool({ tools, namespace, limits });
  return {
    async run(code, { signal } = {}) {
      // The script reaches the tool the way it does in an agent: a model's tool call inside generateText.
      const model = createScriptedModel(code);
      let running: Promise<ExecutionResult> | undefined;
      const observed = {
        ...execute,
        execute: (input: { code: string }, options: ToolCallOptions) =>
          (running = execute.execute!(input, options) as Promise<ExecutionResult>),
      };
      try {
        const { steps } = await generateText({
          model,
          tools: { execute: observed },
          stopWhen: stepCountIs(2),
          prompt: "Run the script.",
          abortSignal: signal,
        });
        const [toolResult] = steps[0]?.toolResults ?? [];
        if (!toolResult) throw new Error("generateText ran no tool call.");
        return { result: toolResult.output as ExecutionResult, modelOutput: lastToolOutput(model) };
      } catch (error) {
        // generateText rejects once aborted; the tool's own result still says how the script ended.
        if (!signal?.aborted || !running) throw error;
        return { result: await running, modelOutput: null };
      }
    },
    close: () => execute.close(),
  };
});
