import type { ExecutionResult } from "@codemode/core";
import { describeAdapterConformance } from "@codemode/core/testing";
import { chat, toolDefinition, type JSONSchema, type StreamChunk } from "@tanstack/ai";
import { createScriptedAdapter, lastToolResult } from "./__fixtures__/scripted-adapter.js";
import { createCodeModeTool, EXECUTION_EVENT } from "./create-code-mode-tool.js";

describeAdapterConformance("@codemode/tanstack-ai", (specs, { limits }) => {
  const tools = specs.map((spec) =>
    toolDefinition({ name: spec.name, description: spec.description, inputSchema: spec.inputSchema as JSONSchema }).server((args, context) =>
      spec.execute(args, { signal: context!.abortSignal! }),
    ),
  );
  const execute = createCodeModeTool({ tools, namespace: "conformance", limits, poolSize: 1 });
  return {
    // The script reaches the tool as in an app: a model's tool call inside chat(), aborted through its abortController.
    async run(code, { signal } = {}) {
      const { adapter, calls } = createScriptedAdapter(code);
      const abortController = new AbortController();
      signal?.addEventListener("abort", () => abortController.abort(signal.reason), { once: true });
      let result: ExecutionResult | undefined;
      const stream = chat({ adapter, messages: [{ role: "user", content: "Run the script." }], tools: [execute], abortController });
      for await (const chunk of stream as AsyncIterable<StreamChunk>) {
        if (chunk.type === "CUSTOM" && chunk.name === EXECUTION_EVENT) result = (chunk.value as { result: ExecutionResult }).result;
      }
      if (!result) throw new Error("chat() ran no execute call.");
      return { result, modelOutput: calls.length > 1 ? lastToolResult(calls) : null };
    },
    close: () => execute.close(),
  };
});
