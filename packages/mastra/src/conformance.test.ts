import type { ExecutionResult } from "@codemode/core";
import { describeAdapterConformance } from "@codemode/core/testing";
import { Agent } from "@mastra/core/agent";
import { toStandardSchema } from "@mastra/core/schema";
import { createTool } from "@mastra/core/tools";
import { createScriptedModel, lastToolOutput } from "./__fixtures__/scripted-model.js";
import { createCodeModeTool } from "./create-code-mode-tool.js";

describeAdapterConformance("@codemode/mastra", (specs, { limits }) => {
  const tools = Object.fromEntries(
    specs.map((spec) => [
      spec.name,
      createTool({
        id: spec.name,
        description: spec.description,
        inputSchema: toStandardSchema(spec.inputSchema as never),
        execute: (input, context) => spec.execute(input, { signal: context.abortSignal! }),
      }),
    ]),
  );
  const execute = createCodeModeTool({ tools, namespace: "conformance", limits, poolSize: 1 });
  return {
    // The script reaches the tool as in an app: a model's tool call inside an Agent's generate(), with its abortSignal.
    async run(code, { signal } = {}) {
      const model = createScriptedModel(code);
      const agent = new Agent({ id: "conformance", name: "conformance", instructions: "Run scripts.", model, tools: { execute } });
      const output = await agent.generate("Run the script.", { maxSteps: 2, ...(signal ? { abortSignal: signal } : {}) });
      const toolResult = output.toolResults[0] as { payload?: { result?: unknown } } | undefined;
      if (!toolResult?.payload) throw new Error(`generate() ran no tool call: ${output.error ?? output.finishReason}`);
      return { result: toolResult.payload.result as ExecutionResult, modelOutput: lastToolOutput(model) ?? null };
    },
    close: () => execute.close(),
  };
});
