import { fileURLToPath } from "node:url";
import { startWorker, whyNoWorkerd, type ServedWorker } from "@codemode/runtime-harness";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const noWorkerd = await whyNoWorkerd();
if (noWorkerd) console.warn(`Skipping the Worker's tests: ${noWorkerd}.`);

let worker: ServedWorker;
const call = async (path: "/code-tool" | "/run-code", code: string): Promise<{ output?: { result: unknown; logs?: string[] }; error?: string }> => {
  const response = await fetch(`${worker.url}${path}`, { method: "POST", body: JSON.stringify({ code }) });
  expect(response.status).toBe(200);
  return (await response.json()) as { output?: { result: unknown; logs?: string[] }; error?: string };
};

const TWO_TOOLS = `async () => {
  const [orders, customer] = await Promise.all([codemode.list_orders({ customer: "Acme" }), codemode.get_customer({ name: "Acme" })]);
  console.log("orders", orders.length);
  return { total: orders.reduce((sum, order) => sum + order.total, 0), plan: customer.plan };
}`;

// eslint-disable-next-line codemode/no-skipped-tests -- workerd's npm package ships binaries for some platforms only; the log says it skipped and why
describe.skipIf(noWorkerd !== null)("Cloudflare's code tool in a Worker, its scripts run by createCodeModeExecutor inside workerd", () => {
  beforeAll(async () => {
    worker = await startWorker(fileURLToPath(new URL("./worker.ts", import.meta.url)));
  }, 60_000);
  afterAll(() => worker?.stop());

  it("runs a script that calls two tools through the `ai` entry's createCodeTool", async () => {
    expect(await call("/code-tool", TWO_TOOLS)).toEqual({ output: { result: { total: 165, plan: "enterprise" }, logs: ["orders 2"] } });
  });

  it("runs it through the main entry's runCode too", async () => {
    expect(await call("/run-code", TWO_TOOLS)).toEqual({ output: { result: { total: 165, plan: "enterprise" }, logs: ["orders 2"] } });
  });

  it("ends `while (true) {}` at its deadline and answers the next request", async () => {
    expect(await call("/code-tool", "async () => { while (true) {} }")).toEqual({
      error: "Code execution failed: TimeoutExceeded: Script ran past its 1000 ms deadline; limits.timeoutMs raises it.",
    });
    expect(await call("/code-tool", `async () => (await codemode.get_customer({ name: "Globex" })).plan`)).toEqual({ output: { result: "starter" } });
  });

  it("fails a script that breaks with its kind and line, and a failed tool call with the tool's message", async () => {
    const broken = await call("/code-tool", "async () => {\n  const customer = null;\n  return customer.plan;\n}");
    expect(broken.error).toMatch(/^Code execution failed: ScriptError: .*\(line 3/);
    const invalid = await call("/code-tool", "async () => codemode.list_orders({ customer: 7 })");
    // Cloudflare's `ai` entry validates the arguments with the tool's own schema; its message reaches the model.
    expect(invalid.error).toMatch(/^Code execution failed: ToolCallFailed: codemode\.list_orders failed: tool_error: [^]*"expected": "string"/);
  });
});
