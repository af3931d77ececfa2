import { dynamicTool, jsonSchema, tool } from "ai";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { fromAiSdkTools } from "./from-ai-sdk-tools.js";

const noop = tool({ inputSchema: z.object({}), execute: async () => null });
const context = {
  signal: new AbortController().signal,
  callId: "call-1",
  context: { toolCallId: "outer", messages: [] },
};

describe("fromAiSdkTools", () => {
  it("names tools after their keys in the given namespaces", () => {
    const definitions = fromAiSdkTools(
      { list_invoices: noop, find_customer: noop, "web/search": noop },
      { namespace: { list_invoices: "billing" }, onWarning: () => {} }
    );
    expect(definitions.map((definition) => definition.name)).toEqual([
      "billing.list_invoices",
      "find_customer",
      "web_search",
    ]);
  });

  it("uses a description written as a function of the context (ai 7), or the title when it needs a context", () => {
    // ai 7 types allow a function here; ai 6's do not, hence the casts.
    const asFunction = (describe: (options: { context: unknown }) => string) => describe as unknown as string;
    const [plain, needsContext] = fromAiSdkTools(
      {
        plain: { ...noop, description: asFunction(() => "Lists invoices.") },
        needsContext: {
          ...noop,
          title: "Find a customer",
          description: asFunction(({ context }) => `Find a customer of ${(context as { org: string }).org}.`),
        },
      },
      { onWarning: () => {} }
    );
    expect(plain?.description).toBe("Lists invoices.");
    expect(needsContext?.description).toBe("Find a customer");
  });

  it("turns zod and jsonSchema inputs into JSON Schema", () => {
    const [zodTool, jsonTool] = fromAiSdkTools(
      {
        zod: tool({ inputSchema: z.object({ id: z.string() }), execute: async () => null }),
        json: dynamicTool({
          inputSchema: jsonSchema({ type: "object", properties: { q: { type: "string" } } }),
          execute: async () => null,
        }),
      },
      { onWarning: () => {} }
    );
    expect(zodTool?.inputSchema).toMatchObject({
      type: "object",
      properties: { id: { type: "string" } },
      required: ["id"],
    });
    expect(jsonTool?.inputSchema).toEqual({ type: "object", properties: { q: { type: "string" } } });
  });

  it("runs a jsonSchema validator of the tool's own before execute", async () => {
    const [definition] = fromAiSdkTools(
      {
        even: tool({
          inputSchema: jsonSchema<{ n: number }>(
            { type: "object", properties: { n: { type: "number" } } },
            {
              validate: (value) =>
                (value as { n: number }).n % 2 === 0
                  ? { success: true, value: value as { n: number } }
                  : { success: false, error: new Error("n must be even") },
            }
          ),
          execute: async ({ n }) => n / 2,
        }),
      },
      { onWarning: () => {} }
    );
    expect(await definition!.execute({ n: 4 }, context)).toBe(2);
    await expect(definition!.execute({ n: 3 }, context)).rejects.toMatchObject({
      code: "INVALID_ARGUMENTS",
      message: "n must be even",
    });
  });

  it("warns about and leaves out tools it cannot run from a script", () => {
    const warnings: string[] = [];
    const definitions = fromAiSdkTools(
      {
        client_side: tool({ inputSchema: z.object({}), outputSchema: z.string() }),
        kept: noop,
      },
      { onWarning: (message) => warnings.push(message) }
    );
    expect(definitions.map((definition) => definition.name)).toEqual(["kept"]);
    expect(warnings).toEqual(['Code mode leaves out the tool "client_side": it has no execute function.']);
  });

  it("keeps tools that need approval, marking them requiresApproval", async () => {
    const [always, sometimes, never] = fromAiSdkTools(
      {
        always: tool({ inputSchema: z.object({}), needsApproval: true, execute: async () => null }),
        sometimes: tool({ inputSchema: z.object({ n: z.number() }), needsApproval: ({ n }) => n > 1, execute: async () => null }),
        never: noop,
      },
      { onWarning: () => {} }
    );
    expect(always?.requiresApproval).toBe(true);
    expect(never?.requiresApproval).toBeUndefined();
    const rule = sometimes?.requiresApproval as (args: unknown, options: typeof context) => Promise<boolean>;
    expect(await rule({ n: 1 }, context)).toBe(false);
    expect(await rule({ n: 2 }, context)).toBe(true);
  });
});
