import { createCodeMode } from "../index.js";
import { describeAdapterConformance } from "./describe-adapter-conformance.js";

// The core itself is the simplest adapter: its tools are the specs, and the model would read the whole result.
describeAdapterConformance("the core without a framework", (specs, { limits }) => {
  const codeMode = createCodeMode({
    tools: specs.map((spec) => ({
      name: `${spec.namespace}.${spec.name}`,
      description: spec.description,
      inputSchema: spec.inputSchema,
      execute: (args: unknown, { signal }: { signal: AbortSignal }) => spec.execute(args, { signal }),
    })),
    limits,
  });
  return {
    run: async (code, { signal } = {}) => {
      const result = await codeMode.execute(code, { signal });
      return { result, modelOutput: JSON.stringify(result) };
    },
    close: () => codeMode.close(),
  };
});
