import type { ExecutionResult } from "@codemode/core";
import { describeAdapterConformance } from "@codemode/core/testing";
import { Agent, run, setTracingDisabled, tool, type RunToolCallOutputItem } from "@openai/agents";
import { createScriptedModel, lastToolOutput } from "./__fixtures__/scripted-model.js";
import { createCodeModeTool } from "./create-code-mode-tool.js";

setTracingDisabled(true);

describeAdapterConformance("@codemode/openai-agents", (specs, { limits }) => {
  const tools = specs.map((spec) =>
    tool({
      name: spec.name,
      description: spec.description,
      parameters: spec.inputSchema as never,
      strict: false,
      // The tool's own error reaches the script; the SDK's default would replace it with a generic sentence.
      errorFunction: null,
      execute: (args, _runContext, details) => spec.execute(args, { signal: details!.signal! }),
    }),
  );
  const execute = createCodeModeTool({ tools, namespace: "conformance", limits, poolSize: 1 });
  return {
    // The script reaches the tool as in an app: a model's function call inside run(), with run()'s signal.
    async run(code, { signal } = {}) {
      const model = createScriptedModel(code);
      const agent = new Agent({ name: "conformance", instructions: "Run scripts.", model, tools: [execute] });
      const result = await run(agent, "Run the script.", { maxTurns: 3, ...(signal ? { signal } : {}) });
      const item = result.newItems.find((candidate) => candidate.type === "tool_call_output_item") as RunToolCallOutputItem | undefined;
      const full = (item?.customData as { result?: ExecutionResult } | undefined)?.result;
      if (!full) throw new Error("run() ran no execute call.");
      return { result: full, modelOutput: lastToolOutput(model) ?? null };
    },
    close: () => execute.close(),
  };
});
