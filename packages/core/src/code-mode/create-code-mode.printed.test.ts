import { afterAll, describe, expect, it } from "vitest";
import { formatExecutionResult, toModelView } from "../model-view/index.js";
import { defineTool } from "../tools/index.js";
import { createCodeMode } from "./create-code-mode.js";

const invoices = defineTool({
  name: "billing.list_invoices",
  description: "Lists invoices.",
  execute: async () => [{ amount: 120 }, { amount: 80 }],
});

describe("createCodeMode (output: printed)", () => {
  const codeMode = createCodeMode({ tools: [invoices], poolSize: 1, output: "printed" });
  afterAll(() => codeMode.close());

  it("gives what the script printed as one string, and the model sees only that", async () => {
    const result = await codeMode.execute(`
      const page = await tools.billing.list_invoices({});
      const total = page.data.reduce((sum, invoice) => sum + invoice.amount, 0);
      console.log("invoices:", page.data.length);
      console.log({ total });`);
    expect(result).toMatchObject({ status: "completed", output: "printed", result: 'invoices: 2\n{"total":200}' });
    expect(result.logs).toEqual(["invoices: 2", '{"total":200}']);
    expect(toModelView(result)).toEqual({ status: "completed", output: 'invoices: 2\n{"total":200}' });
    expect(formatExecutionResult(result)).toBe('Output:\ninvoices: 2\n{"total":200}');
  });

  it("ignores a returned value and says so", async () => {
    const result = await codeMode.execute(`return { total: 200 };`);
    expect(result.result).toBe("");
    expect(result.diagnostics.map((item) => item.code)).toEqual(["returned_value_ignored"]);
    expect(formatExecutionResult(result)).toContain("Output: (nothing was printed)");
  });

  it("shows what was printed before a failure beside the error", async () => {
    const result = await codeMode.execute(`console.log("step 1");\nnull.x;`);
    expect(result).toMatchObject({ status: "failed", result: null, output: "printed" });
    const view = toModelView(result);
    expect(view).toMatchObject({ status: "failed", output: "step 1", error: { kind: "ScriptError", line: 2 } });
    expect(view.logs).toBeUndefined();
    expect(formatExecutionResult(result)).toContain("Output before the error:\nstep 1");
  });

  it("teaches printing instead of returning in the prompt", () => {
    const prompt = codeMode.prompt();
    expect(prompt).toContain("Only what the program prints comes back, as one text");
    expect(prompt).toContain("console.log(JSON.stringify(");
    expect(prompt).not.toContain("`return` a small JSON result");
  });
});
