import type { ExecutionResult } from "@codemode/core";
import { describeAdapterConformance } from "@codemode/core/testing";
import type { ToolMessage } from "@langchain/core/messages";
import { tool } from "@langchain/core/tools";
import { createCodeModeTool } from "./create-code-mode-tool.js";

describeAdapterConformance("@codemode/langchain", (specs, { limits }) => {
  const tools = specs.map((spec) =>
    tool((args, config) => spec.execute(args, { signal: config.signal! }), {
      name: spec.name,
      description: spec.description,
      schema: spec.inputSchema,
    }),
  );
  const execute = createCodeModeTool({ tools, namespace: "conformance", limits, poolSize: 1 });
  let calls = 0;
  return {
    // As an agent's ToolNode calls it: with a tool call, so the answer is a ToolMessage with its artifact.
    async run(code, { signal } = {}) {
      calls += 1;
      const call = { type: "tool_call" as const, id: `call_${calls}`, name: execute.name, args: { code } };
      const message = (await execute.invoke(call, { signal })) as ToolMessage;
      return { result: message.artifact as ExecutionResult, modelOutput: message.content };
    },
    close: () => execute.close(),
  };
});
