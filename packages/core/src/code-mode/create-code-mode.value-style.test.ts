import { afterAll, describe, expect, it } from "vitest";
import { CodeModeError } from "../errors/index.js";
import { defineTool } from "../tools/index.js";
import { createCodeMode } from "./create-code-mode.js";

const charged: number[] = [];

const tools = [
  defineTool({
    name: "crm.find_customer",
    description: "Finds a customer by email.",
    inputSchema: { type: "object", properties: { email: { type: "string" } }, required: ["email"] },
    outputSchema: { type: "object", properties: { id: { type: "string" } }, required: ["id"] },
    execute: async (args: { email: string }) => ({ id: `cus_${args.email.length}` }),
  }),
  defineTool({
    name: "support.create_ticket",
    description: "Opens a ticket.",
    execute: async () => ({ ticket: "T-1" }),
  }),
  defineTool({
    name: "slow.wait",
    description: "Waits until cancelled.",
    execute: (_args, { signal }) => new Promise((_resolve, reject) => signal.addEventListener("abort", () => reject(signal.reason))),
  }),
  defineTool({
    name: "billing.charge",
    description: "Charges a card.",
    execute: async (args: { cents: number }) => {
      if (args.cents > 1000) throw new CodeModeError("TOOL_ERROR", "card declined");
      charged.push(args.cents);
      return { charged: args.cents };
    },
  }),
];

describe("createCodeMode (callStyle: value)", () => {
  const codeMode = createCodeMode({ tools, poolSize: 1, callStyle: "value", limits: { timeoutMs: 5000 } });
  afterAll(() => codeMode.close());

  it("resolves tool calls to their data", async () => {
    const result = await codeMode.execute(`
      const customer = await tools.crm.find_customer({ email: "ada@example.com" });
      return customer.id;`);
    expect(result).toMatchObject({ status: "completed", result: "cus_15" });
  });

  it("stops at an uncaught failure, naming its line and column and every call made in order", async () => {
    const code = [
      "const customer = await tools.crm.find_customer({ email: 'ada@example.com' });",
      "await tools.support.create_ticket({ customer: customer.id });",
      "const charge = await tools.billing.charge({ cents: 5000 });",
      "return charge;",
    ].join("\n");
    const result = await codeMode.execute(code);
    expect(result.status).toBe("failed");
    expect(result.error).toMatchObject({ kind: "ToolCallFailed", line: 3 });
    // QuickJS places a call at its opening parenthesis.
    expect(result.error?.column).toBe(code.split("\n")[2]!.indexOf("({ cents") + 1);
    expect(result.error?.message).toBe(
      "billing.charge failed: tool_error: card declined. Tool calls in submission order: " +
        "1. crm.find_customer ok; 2. support.create_ticket ok; 3. billing.charge failed: tool_error: card declined.",
    );
    expect(result.toolCalls.map((call) => call.ok)).toEqual([true, true, false]);
  });

  it("lets a script catch a ToolCallError and read its code, retryable flag and tool", async () => {
    const result = await codeMode.execute(`
      try {
        await tools.billing.charge({ cents: 5000 });
        return "charged";
      } catch (error) {
        return { isToolCallError: error instanceof ToolCallError, isError: error instanceof Error, name: error.name,
          code: error.code, retryable: error.retryable, tool: error.tool, message: error.message };
      }`);
    expect(result.result).toEqual({
      isToolCallError: true,
      isError: true,
      name: "ToolCallError",
      code: "tool_error",
      retryable: false,
      tool: "billing.charge",
      message: "billing.charge failed: tool_error: card declined",
    });
  });

  it("throws for calls the sandbox refuses itself, like arguments that are not JSON", async () => {
    const result = await codeMode.execute(`
      try { await tools.billing.charge({ cents: 1n }); } catch (error) { return error.code; }`);
    expect(result.result).toBe("invalid_arguments");
  });

  it("fails a Promise.all at its first failure and reports the other calls' outcomes", async () => {
    charged.length = 0;
    const result = await codeMode.execute(`
      await Promise.all([tools.billing.charge({ cents: 10 }), tools.billing.charge({ cents: 2000 })]);
      return "done";`);
    expect(result.error?.kind).toBe("ToolCallFailed");
    expect(result.error?.message).toContain("Tool calls in submission order: 1. billing.charge ok; 2. billing.charge failed: tool_error");
    expect(charged).toEqual([10]);
  });

  it("says which calls were still running when the failure stopped the script", async () => {
    const result = await codeMode.execute(`
      await Promise.all([tools.slow.wait({}), tools.billing.charge({ cents: 2000 })]);`);
    expect(result.error?.message).toContain(
      "1. slow.wait cancelled while running; it may have taken effect; 2. billing.charge failed: tool_error: card declined.",
    );
  });

  it("keeps catalog calls as envelopes", async () => {
    const result = await codeMode.execute(`
      const found = await catalog.search({ query: "charge a card" });
      return { ok: found.ok, first: found.data.items[0].name, signature: found.data.items[0].signature };`);
    expect(result.result).toMatchObject({ ok: true, first: "billing.charge" });
    expect((result.result as { signature: string }).signature).toMatch(/Promise<unknown>$/);
  });

  it("writes declarations and a prompt for values and ToolCallError", () => {
    const declarations = codeMode.declarations();
    expect(declarations).toContain("declare class ToolCallError extends Error");
    expect(declarations).toContain("find_customer(args: { email: string }): Promise<{ id: string }>");
    expect(declarations).not.toContain("type Envelope<");
    expect(declarations).not.toContain("Promise<Envelope<");
    const prompt = codeMode.prompt();
    expect(prompt).toContain("resolves to the tool's data. A failed call throws a `ToolCallError`");
    expect(prompt).toContain("`catalog` calls still resolve to envelopes");
    expect(prompt).toContain("error instanceof ToolCallError");
  });
});

describe("createCodeMode (callStyle: envelope)", () => {
  const codeMode = createCodeMode({ tools, poolSize: 1 });
  afterAll(() => codeMode.close());

  it("keeps envelopes, no ToolCallError global and the envelope declarations by default", async () => {
    const result = await codeMode.execute(`
      const charge = await tools.billing.charge({ cents: 5000 });
      return { ok: charge.ok, code: charge.error.code, hasClass: typeof ToolCallError !== "undefined" };`);
    expect(result.result).toEqual({ ok: false, code: "tool_error", hasClass: false });
    expect(codeMode.declarations()).toContain("Promise<Envelope<{ id: string }>>");
    expect(codeMode.prompt()).toContain("resolves to an envelope and never throws");
  });
});
