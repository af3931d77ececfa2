import { CodeModeError, type ExecutionResult } from "@codemode/core";
import { describeAdapterConformance } from "@codemode/core/testing";
import { Ajv } from "ajv";
import { createCodeModeExecutor } from "./create-code-mode-executor.js";

describeAdapterConformance("@codemode/cloudflare", (specs, { limits }) => {
  let last: ExecutionResult | undefined;
  // The suite's scripts read envelopes from `tools`, so this executor gives envelopes instead of values.
  // Cloudflare passes an executor no schemas; given here, the engine checks calls before the script runs.
  const inputSchemas = Object.fromEntries(specs.map((spec) => [`conformance.${spec.name}`, spec.inputSchema]));
  const executor = createCodeModeExecutor({ limits, callStyle: "envelope", inputSchemas, poolSize: 1, onResult: (result) => (last = result) });
  const ajv = new Ajv();
  // Cloudflare hands an executor functions, not schemas: a provider checks its own arguments (its AI SDK entry does
  // it with asSchema), so these functions do too.
  const fns = Object.fromEntries(
    specs.map((spec) => {
      const valid = ajv.compile(spec.inputSchema);
      const fn = async (args: unknown, options?: unknown) => {
        if (!valid(args)) throw new CodeModeError("INVALID_ARGUMENTS", ajv.errorsText(valid.errors));
        return spec.execute(args, { signal: (options as { signal: AbortSignal }).signal });
      };
      return [spec.name, fn as (...args: unknown[]) => Promise<unknown>];
    }),
  );
  return {
    // The Executor as Cloudflare's runCode calls it: the model's code as an async arrow function (on the script's first
    // line, so its lines keep their numbers) and the resolved providers; the signal is this executor's extension.
    async run(code, { signal } = {}) {
      last = undefined;
      const modelOutput = await executor.execute(`async () => { ${code}\n}`, [{ name: "conformance", fns }], signal ? { signal } : {});
      if (!last) throw new Error("The executor reported no run.");
      return { result: last, modelOutput };
    },
    close: () => executor.close(),
  };
});
