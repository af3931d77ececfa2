import {
  dynamicTool,
  generateText,
  jsonSchema,
  simulateReadableStream,
  stepCountIs,
  streamText,
  tool,
} from "ai";
import { EXECUTION_RESULT_SCHEMA, executeInputSchema, type ExecutionResult } from "@codemode/core";
import { afterEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { callOptions, contextOf, MockLanguageModel, withContext } from "./__fixtures__/ai-major.js";
import { createScriptedModel, lastToolOutput } from "./__fixtures__/scripted-model.js";
import { createCodeModeTool, type CodeModeTool } from "./create-code-mode-tool.js";
import type { ToolCallOptions } from "./from-ai-sdk-tools.js";

const CUSTOMERS = [
  { id: "cus_1", name: "Acme", revenue: 900 },
  { id: "cus_2", name: "Globex", revenue: 500 },
];
const INVOICES = [
  { customerId: "cus_1", amount: 120, paid: false },
  { customerId: "cus_1", amount: 80, paid: true },
  { customerId: "cus_2", amount: 45, paid: false },
];

const getCustomer = tool({
  description: "Get a customer by id.",
  inputSchema: z.object({ id: z.string() }),
  outputSchema: z.object({ id: z.string(), name: z.string(), revenue: z.number() }),
  execute: async ({ id }) => {
    const customer = CUSTOMERS.find((candidate) => candidate.id === id);
    if (!customer) throw new Error(`No customer ${id}.`);
    return customer;
  },
});

const listInvoices = dynamicTool({
  description: "List the invoices of a customer.",
  inputSchema: jsonSchema({
    type: "object",
    properties: { customerId: { type: "string" } },
    required: ["customerId"],
    additionalProperties: false,
  }),
  execute: async (args) =>
    INVOICES.filter((invoice) => invoice.customerId === (args as { customerId: string }).customerId),
});

const namespace = { get_customer: "crm", list_invoices: "billing" };
const open: CodeModeTool[] = [];

function codeModeTool(options: Partial<Parameters<typeof createCodeModeTool>[0]> = {}): CodeModeTool {
  const execute = createCodeModeTool({
    tools: { get_customer: getCustomer, list_invoices: listInvoices },
    namespace,
    ...options,
  });
  open.push(execute);
  return execute;
}

async function run(execute: CodeModeTool, code: string, options: ReturnType<typeof withContext> = {}) {
  const model = createScriptedModel(code, (output) => `The answer is ${JSON.stringify(output)}`);
  const generated = await generateText({
    model,
    tools: { execute },
    stopWhen: stepCountIs(2),
    prompt: "Go.",
    ...options,
  });
  const output = generated.steps[0]!.toolResults[0]!.output as ExecutionResult;
  return { generated, output, modelOutput: lastToolOutput(model) };
}

afterEach(async () => {
  await Promise.all(open.splice(0).map((execute) => execute.close()));
});

describe("createCodeModeTool", () => {
  it("runs one script that calls several tools inside generateText", async () => {
    const code = `const [customer, invoices] = await Promise.all([
  tools.crm.get_customer({ id: "cus_1" }),
  tools.billing.list_invoices({ customerId: "cus_1" }),
]);
const unpaid = invoices.data.filter((invoice) => !invoice.paid).reduce((sum, invoice) => sum + invoice.amount, 0);
return { name: customer.data.name, unpaid };`;
    const { generated, output, modelOutput } = await run(codeModeTool(), code);
    expect(output.result).toEqual({ name: "Acme", unpaid: 120 });
    expect(output.toolCalls.map((call) => call.tool).sort()).toEqual(["billing.list_invoices", "crm.get_customer"]);
    expect(modelOutput).toEqual({
      type: "json",
      value: { status: "completed", result: { name: "Acme", unpaid: 120 } },
    });
    expect(generated.text).toContain('"unpaid":120');
  });

  it("works inside streamText as well", async () => {
    const finish = (unified: "tool-calls" | "stop") => ({
      type: "finish" as const,
      finishReason: { unified, raw: undefined },
      usage: {
        inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 },
        outputTokens: { total: 1, text: 1, reasoning: 0 },
      },
    });
    const code = `return (await tools.crm.get_customer({ id: "cus_2" })).data.name;`;
    const model = new MockLanguageModel({
      doStream: [
        {
          stream: simulateReadableStream({
            chunks: [
              { type: "tool-call", toolCallId: "call-1", toolName: "execute", input: JSON.stringify({ code }) },
              finish("tool-calls"),
            ],
          }),
        },
        {
          stream: simulateReadableStream({
            chunks: [
              { type: "text-start", id: "t" },
              { type: "text-delta", id: "t", delta: "Globex." },
              { type: "text-end", id: "t" },
              finish("stop"),
            ],
          }),
        },
      ],
    });
    const stream = streamText({ model, tools: { execute: codeModeTool() }, stopWhen: stepCountIs(2), prompt: "Go." });
    expect(await stream.text).toBe("Globex.");
    const [step] = await stream.steps;
    expect((step?.toolResults[0]?.output as ExecutionResult).result).toBe("Globex");
    expect(lastToolOutput(model)).toEqual({ type: "json", value: { status: "completed", result: "Globex" } });
  });

  it("describes itself with the catalog's prompt for the tools it wraps", () => {
    const execute = codeModeTool();
    expect(execute.description).toContain("get_customer");
    expect(execute.description).toContain("list_invoices");
    expect(execute.description).toBe(execute.codeMode.prompt());
  });

  it("keeps the tool's outputSchema in the catalog", () => {
    const described = codeModeTool().codeMode.catalog.describe({ tool: "crm.get_customer" });
    expect(described.outputSchema).toMatchObject({ type: "object", properties: { revenue: { type: "number" } } });
  });

  it("gives inner tools the outer call's id, messages and context with a signal of their own", async () => {
    let seen: ToolCallOptions | undefined;
    const spy = tool({
      inputSchema: z.object({}),
      execute: async (_input, options) => ((seen = options), "ok"),
    });
    const execute = codeModeTool({ tools: { spy }, namespace: "probe" });
    await run(execute, `return await tools.probe.spy({});`, withContext({ userId: "u-7" }));
    expect(seen?.toolCallId).toBe("call-1");
    expect(contextOf(seen)).toEqual({ userId: "u-7" });
    expect(seen?.messages).toEqual([{ role: "user", content: "Go." }]);
    expect(seen?.abortSignal).toBeInstanceOf(AbortSignal);
  });

  it("applies the tool's own zod parsing before it runs", async () => {
    const shout = tool({
      inputSchema: z.object({ word: z.string().min(2), times: z.number().int().default(2) }),
      execute: async ({ word, times }) => word.repeat(times),
    });
    const execute = codeModeTool({ tools: { shout }, namespace: "text" });
    const { output } = await run(
      execute,
      `const good = await tools.text.shout({ word: "ab" });\nconst bad = await tools.text.shout({ word: "a" });\nreturn [good.data, bad.error.code];`
    );
    expect(output.result).toEqual(["abab", "invalid_arguments"]);
  });

  it("takes the last value of a tool that streams preliminary results", async () => {
    const progress = tool({
      inputSchema: z.object({}),
      execute: async function* () {
        yield "starting";
        yield "finished";
      },
    });
    const { output } = await run(
      codeModeTool({ tools: { progress } }),
      `return (await tools.progress({})).data;`
    );
    expect(output.result).toBe("finished");
  });

  it("hides the tools the allowlist leaves out", async () => {
    const execute = codeModeTool({ allow: ["billing.*"] });
    expect(execute.description).not.toContain("get_customer");
    // The check is held to what the model is shown; a name the check cannot see gets the run's not_found.
    const named = await run(execute, `return (await tools.crm.get_customer({ id: "cus_1" })).error.code;`);
    expect(named.output).toMatchObject({ error: { kind: "CheckFailed" }, diagnostics: [{ code: "unknown_tool" }] });
    const { output } = await run(execute, `const [space, tool] = "crm.get_customer".split(".");\nreturn (await tools[space][tool]({ id: "cus_1" })).error.code;`);
    expect(output.result).toBe("not_found");
  });

  it("passes limits and the search switch through to the core", async () => {
    const execute = codeModeTool({ limits: { maxHostCalls: 2 }, search: false });
    const { output } = await run(
      execute,
      `const calls = [];
for (let i = 0; i < 3; i++) calls.push(await tools.crm.get_customer({ id: "cus_1" }));
return { catalog: typeof catalog, codes: calls.map((call) => (call.ok ? "ok" : call.error.code)) };`
    );
    expect(output.result).toEqual({ catalog: "undefined", codes: ["ok", "ok", "limit_exceeded"] });
  });

  it("stops running scripts once closed", async () => {
    const execute = createCodeModeTool({ tools: { get_customer: getCustomer } });
    await execute.close();
    const call = execute.execute!({ code: "return 1;" }, callOptions() as ToolCallOptions);
    await expect(call).rejects.toMatchObject({ name: "CodeModeError", code: "CLOSED" });
  });

  it("makes a toolset without a namespace flat, and the catalog, prompt and search agree", async () => {
    const execute = codeModeTool({ namespace: undefined });
    const { output } = await run(execute, `return (await tools.get_customer({ id: "cus_1" })).data.name;`);
    expect(output.result).toBe("Acme");
    expect(execute.codeMode.catalog.list().items.map((item) => item.path)).toEqual(["tools.get_customer", "tools.list_invoices"]);
    expect(execute.description).toContain("declare const tools: {\n  /** Get a customer by id. */\n  get_customer(args: { id: string })");
    expect(execute.codeMode.declarations()).toContain("\n  list_invoices(args: { customerId: string })");
    const found = await execute.codeMode.catalog.search({ query: "invoices of a customer" });
    expect(found.items[0]).toMatchObject({ name: "list_invoices", path: "tools.list_invoices" });
  });

  it("refuses a flat tool named like a namespace, and a name over 128 characters, naming the tool", () => {
    expect(() => codeModeTool({ namespace: { list_invoices: "get_customer" } })).toThrow(
      'Tool "get_customer" has no namespace and the same name as the namespace of "get_customer.list_invoices"',
    );
    const long = "a".repeat(10_000);
    expect(() => codeModeTool({ tools: { [long]: getCustomer } })).toThrow(
      `Invalid tool name: "${"a".repeat(40)}…" is 10000 characters long; a tool name has at most 128.`,
    );
  });

  it("publishes the core's execute input and result schemas", () => {
    const execute = codeModeTool();
    const schemaOf = (schema: unknown) => (schema as { jsonSchema: unknown }).jsonSchema;
    expect(schemaOf(execute.inputSchema)).toEqual(executeInputSchema());
    expect(schemaOf(execute.outputSchema)).toBe(EXECUTION_RESULT_SCHEMA);
  });
});
