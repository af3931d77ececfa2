import { executeInputSchema, type ExecutionResult } from "@codemode/core";
import { BaseCallbackHandler } from "@langchain/core/callbacks/base";
import { AIMessage, type ToolMessage } from "@langchain/core/messages";
import { fakeModel } from "@langchain/core/testing";
import { DynamicStructuredTool, StructuredTool, tool } from "@langchain/core/tools";
import { createAgent } from "langchain";
import { afterAll, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { createCodeModeTool, type CodeModeTool } from "./create-code-mode-tool.js";

const customers = [
  { id: "cus_1", name: "Acme", revenue: 300 },
  { id: "cus_2", name: "Globex", revenue: 900 },
  { id: "cus_3", name: "Initech", revenue: 500 },
];
const invoices = [
  { customerId: "cus_1", amount: 10, paid: false },
  { customerId: "cus_2", amount: 20, paid: false },
  { customerId: "cus_2", amount: 40, paid: true },
  { customerId: "cus_3", amount: 5, paid: false },
];

const listCustomers = tool(async () => customers, {
  name: "list_customers",
  description: "List every customer with its yearly revenue.",
  schema: z.object({}),
});

const listInvoices = new DynamicStructuredTool({
  name: "list_invoices",
  description: "List the invoices of one customer.",
  schema: z.object({ customerId: z.string() }),
  // Returns a string, as many LangChain tools do for the model's sake.
  func: async ({ customerId }) => JSON.stringify(invoices.filter((invoice) => invoice.customerId === customerId)),
});

class RefundTool extends StructuredTool {
  name = "refund";
  description = "Refund an invoice.";
  schema = z.object({ invoiceId: z.string() });
  calls = 0;
  protected async _call() {
    this.calls += 1;
    return "refunded";
  }
}

const refund = new RefundTool();
const created: CodeModeTool[] = [];
function make(options: Partial<Parameters<typeof createCodeModeTool>[0]> = {}): CodeModeTool {
  const execute = createCodeModeTool({
    tools: [listCustomers, listInvoices, refund],
    namespace: { list_customers: "crm", list_invoices: "billing", refund: "billing" },
    poolSize: 1,
    ...options,
  });
  created.push(execute);
  return execute;
}
afterAll(() => Promise.all(created.map((execute) => execute.close())));

const TOTAL_OF_TOP_TWO = `const customers = (await tools.crm.list_customers({})).data;
const top = customers.sort((a, b) => b.revenue - a.revenue).slice(0, 2);
let total = 0;
for (const customer of top) {
  const invoices = (await tools.billing.list_invoices({ customerId: customer.id })).data;
  total += invoices.filter((invoice) => !invoice.paid).reduce((sum, invoice) => sum + invoice.amount, 0);
}
return { total };`;

async function invoke(execute: CodeModeTool, code: string, config = {}): Promise<ToolMessage> {
  return (await execute.invoke({ type: "tool_call", id: "call_1", name: execute.name, args: { code } }, config)) as ToolMessage;
}

describe("createCodeModeTool", () => {
  it("returns one execute tool whose input is code and whose description is the catalog's prompt", () => {
    const execute = make();
    expect(execute.name).toBe("execute");
    expect(execute.description).toBe(execute.codeMode.prompt());
    expect(execute.description).toContain("list_invoices");
    expect(execute.schema).toMatchObject({ required: ["code"], properties: { code: { type: "string" } } });
  });

  it("runs one script over several tools: text for the model, the full result as the artifact", async () => {
    const message = await invoke(make(), TOTAL_OF_TOP_TWO);
    const artifact = message.artifact as ExecutionResult;
    expect(artifact.status).toBe("completed");
    expect(artifact.result).toEqual({ total: 25 });
    expect(artifact.toolCalls.map((call) => call.tool)).toEqual([
      "crm.list_customers",
      "billing.list_invoices",
      "billing.list_invoices",
    ]);
    expect(message.content).toBe('Result: {"total":25}');
    expect(message.tool_call_id).toBe("call_1");
  });

  it("tells the model the line and column of a failing script", async () => {
    const message = await invoke(make(), `const customer = { name: "Ada" };\nconsole.log(customer.address.city);\nreturn 1;`);
    expect((message.artifact as ExecutionResult).error).toMatchObject({ kind: "ScriptError", line: 2 });
    expect(message.content).toMatch(/^Error: ScriptError at line 2, column \d+: TypeError/);
  });

  it("lists the calls a failed script already made, so the model does not repeat them", async () => {
    const message = await invoke(make(), `await tools.billing.refund({ invoiceId: "inv_1" });\nthrow new Error("stop");`);
    expect((message.artifact as ExecutionResult).status).toBe("failed");
    expect(message.content).toContain("Tool calls made, in order: billing.refund (ok)");
  });

  it("reports inner calls as child runs of the execute tool in LangChain callbacks", async () => {
    type Run = { name?: string; runId: string; parentRunId?: string; toolCallId?: string };
    const runs: Run[] = [];
    class Recorder extends BaseCallbackHandler {
      name = "recorder";
      override handleToolStart(
        _tool: unknown,
        _input: string,
        runId: string,
        parentRunId?: string,
        _tags?: string[],
        _metadata?: unknown,
        runName?: string,
        toolCallId?: string,
      ) {
        runs.push({ name: runName, runId, parentRunId, toolCallId });
      }
    }
    await invoke(make(), TOTAL_OF_TOP_TWO, { callbacks: [new Recorder()], runName: "execute" });
    const outer = runs.find((run) => run.parentRunId === undefined);
    expect(outer).toMatchObject({ name: "execute", toolCallId: "call_1" });
    const inner = runs.filter((run) => run.parentRunId === outer?.runId);
    expect(inner.map((run) => run.name)).toEqual(["list_customers", "list_invoices", "list_invoices"]);
    // The model's tool call belongs to the execute run only; inner calls are not answers to it.
    expect(inner.every((run) => run.toolCallId === undefined)).toBe(true);
    expect(runs).toHaveLength(4);
  });

  function hangingTool() {
    const probe = { signal: undefined as AbortSignal | undefined, started: undefined as unknown as Promise<void> };
    let started!: () => void;
    probe.started = new Promise<void>((resolve) => (started = resolve));
    const hang = tool(
      (_input, config) => {
        probe.signal = config.signal;
        started();
        return new Promise((_resolve, reject) => config.signal?.addEventListener("abort", () => reject(new Error("aborted"))));
      },
      { name: "hang", description: "Waits forever.", schema: z.object({}) },
    );
    return { hang, probe };
  }
  const HANG_THEN_REFUND = `await tools.ops.hang({});\nawait tools.ops.refund({ invoiceId: "x" });`;

  it("stops the script and aborts the inner call when the run's signal aborts", async () => {
    const { hang, probe } = hangingTool();
    const before = refund.calls;
    const execute = make({ tools: [hang, refund], namespace: "ops" });
    const controller = new AbortController();
    const pending = execute.invoke({ code: HANG_THEN_REFUND }, { signal: controller.signal });
    await probe.started;
    controller.abort();
    expect(await pending).toMatch(/^Error: Cancelled/);
    await vi.waitFor(() => expect(probe.signal?.aborted).toBe(true));
    expect(refund.calls).toBe(before);
  });

  it("stops the script and its calls when the whole agent is aborted", async () => {
    const { hang, probe } = hangingTool();
    const before = refund.calls;
    const execute = make({ tools: [hang, refund], namespace: "ops" });
    const model = fakeModel()
      .respondWithTools([{ name: "execute", args: { code: HANG_THEN_REFUND }, id: "call_1" }])
      .respond(new AIMessage("done"));
    const agent = createAgent({ model, tools: [execute] });
    const controller = new AbortController();
    const pending = agent.invoke({ messages: [{ role: "user", content: "go" }] }, { signal: controller.signal });
    await probe.started;
    controller.abort();
    await expect(pending).rejects.toThrow(/abort/i);
    await vi.waitFor(() => expect(probe.signal?.aborted).toBe(true));
    expect(refund.calls).toBe(before);
  });

  it("hides tools outside the allowlist from the prompt and from scripts", async () => {
    const execute = make({ allow: ["crm.*"] });
    expect(execute.description).not.toContain("refund");
    const refused = await invoke(execute, `return await tools.billing.refund({ invoiceId: "inv_1" });`);
    expect(refused.artifact as ExecutionResult).toMatchObject({ error: { kind: "CheckFailed" }, diagnostics: [{ code: "unknown_tool" }] });
    expect(refused.content).toContain("There is no tool or namespace `tools.billing`");
    // A name the check cannot see reaches the run, which does not find it either.
    const message = await invoke(execute, `const [space, tool] = "billing.refund".split(".");\nreturn await tools[space][tool]({ invoiceId: "inv_1" });`);
    expect((message.artifact as ExecutionResult).result).toMatchObject({ ok: false, error: { code: "not_found" } });
  });

  it("takes another name and runs without the catalog when search is off", async () => {
    const execute = make({ name: "run_code", search: false });
    expect(execute.name).toBe("run_code");
    const message = await invoke(execute, `return typeof catalog;`);
    expect((message.artifact as ExecutionResult).result).toBe("undefined");
  });

  it("passes the prompt's token budget and the limits through to the core", async () => {
    const execute = make({ tokenBudget: 200, limits: { maxHostCalls: 2 } });
    expect(execute.description).toContain("catalog.search");
    expect(execute.description).not.toContain("List the invoices of one customer.");
    expect(make().description).toContain("List the invoices of one customer.");
    const message = await invoke(execute, `for (let i = 0; i < 5; i++) await tools.crm.list_customers({});\nreturn 1;`);
    expect((message.artifact as ExecutionResult).error?.kind).toBe("HostCallLimit");
  });

  it("is the one tool of a createAgent agent, whose inner tools answer the script and not the model", async () => {
    const execute = make();
    const model = fakeModel()
      .respondWithTools([{ name: "execute", args: { code: TOTAL_OF_TOP_TWO }, id: "call_9" }])
      .respond(new AIMessage("The two largest customers owe 25."));
    const agent = createAgent({ model, tools: [execute] });
    const { messages } = await agent.invoke({ messages: [{ role: "user", content: "What do the top two owe?" }] });
    const toolMessage = messages.find((message) => message.type === "tool") as ToolMessage;
    expect(toolMessage.tool_call_id).toBe("call_9");
    expect((toolMessage.artifact as ExecutionResult).result).toEqual({ total: 25 });
    expect(messages.at(-1)?.content).toBe("The two largest customers owe 25.");
  });

  it("makes tools without a namespace flat, and the catalog, prompt and search agree", async () => {
    const execute = make({ namespace: undefined });
    const message = (await execute.invoke({ type: "tool_call", id: "call_f", name: "execute", args: { code: `return (await tools.list_customers({})).data.length;` } })) as ToolMessage;
    expect((message.artifact as ExecutionResult).result).toBe(3);
    expect(execute.codeMode.catalog.list().items.map((item) => item.path)).toEqual(["tools.list_customers", "tools.list_invoices", "tools.refund"]);
    expect(execute.description).toContain("declare const tools: {\n  /** List every customer with its yearly revenue. */\n  list_customers(");
    const found = await execute.codeMode.catalog.search({ query: "refund an invoice" });
    expect(found.items[0]).toMatchObject({ name: "refund", path: "tools.refund" });
  });

  it("refuses a flat tool named like a namespace, and a name over 128 characters, naming the tool", () => {
    expect(() => make({ namespace: { list_invoices: "refund" } })).toThrow(
      'Tool "refund" has no namespace and the same name as the namespace of "refund.list_invoices"',
    );
    const long = tool(async () => 1, { name: "b".repeat(10_000), description: "d", schema: z.object({}) });
    expect(() => make({ tools: [long] })).toThrow(`Invalid tool name: "${"b".repeat(40)}…" is 10000 characters long; a tool name has at most 128.`);
  });

  it("publishes the core's execute input schema, with sessionId when sessions are on", () => {
    expect(make().schema).toEqual(executeInputSchema());
    expect(make({ sessions: {} }).schema).toEqual(executeInputSchema({ sessions: true }));
  });
});
