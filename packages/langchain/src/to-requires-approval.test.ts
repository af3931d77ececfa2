import { isCodeModeError } from "@codemode/core";
import { tool } from "@langchain/core/tools";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { toRequiresApproval, type InterruptOnRequest } from "./to-requires-approval.js";

const make = (name: string) => tool(async () => "ok", { name, description: "d", schema: z.object({ cents: z.number() }) });
const tools = [
  { tool: make("refund"), name: "billing.refund" },
  { tool: make("refund_all"), name: "billing.refund_all" },
  { tool: make("list_invoices"), name: "billing.list_invoices" },
  { tool: make("delete_customer"), name: "crm.delete_customer" },
];
const context = { signal: new AbortController().signal, callId: "call_7", context: { configurable: { userId: "u-7" } } };

describe("toRequiresApproval", () => {
  it("asks for tools named by their LangChain name or their script name, and for no other", () => {
    expect(toRequiresApproval(tools, { refund: true, "crm.delete_customer": true })).toEqual([true, undefined, undefined, true]);
    expect(toRequiresApproval(tools)).toEqual([undefined, undefined, undefined, undefined]);
  });

  it("matches * patterns on either name, lets an exact key win, and lets false opt a tool out", () => {
    expect(toRequiresApproval(tools, { "billing.*": true, list_invoices: false })).toEqual([true, true, undefined, undefined]);
    expect(toRequiresApproval(tools, { "refund*": true, "*": false })).toEqual([true, true, undefined, undefined]);
  });

  it("decides per call with when, given the call as a LangChain tool call and the run's config", async () => {
    const seen: InterruptOnRequest[] = [];
    const [rule] = toRequiresApproval(tools.slice(0, 1), {
      refund: { when: (request) => (seen.push(request), (request.toolCall.args["cents"] as number) > 1000) },
    });
    expect(typeof rule).toBe("function");
    const decide = rule as (args: unknown, options: typeof context) => Promise<boolean>;
    expect(await decide({ cents: 500 }, context)).toBe(false);
    expect(await decide({ cents: 5000 }, context)).toBe(true);
    expect(seen[1]).toMatchObject({
      toolCall: { type: "tool_call", id: "call_7", name: "refund", args: { cents: 5000 } },
      tool: tools[0]!.tool,
      config: { configurable: { userId: "u-7" } },
    });
  });

  it("asks always for a rule without when, as the middleware does for a config object", () => {
    expect(toRequiresApproval(tools.slice(0, 1), { refund: {} })).toEqual([true]);
  });

  it("throws on a key that asks but matches no tool, since a typo would let calls run unasked", () => {
    let thrown: unknown;
    try {
      toRequiresApproval(tools, { refnud: true, "crm.*": true, "shop.*": { when: () => true }, nothing: false });
    } catch (error) {
      thrown = error;
    }
    expect(isCodeModeError(thrown) && thrown.code).toBe("INVALID_OPTIONS");
    expect((thrown as Error).message).toContain(`"refnud", "shop.*"`);
  });
});
