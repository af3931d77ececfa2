import { afterAll, describe, expect, it } from "vitest";
import { CodeModeError } from "../errors/index.js";
import { defineTool } from "../tools/index.js";
import { createCodeMode } from "./create-code-mode.js";
import type { ToolCallEndEvent, ToolCallStartEvent } from "../sandbox/index.js";

const tools = [
  defineTool({
    name: "crm.find_customer",
    description: "Finds a customer.",
    execute: async (args: { email: string }, { callId }) => ({ id: "cus_1", email: args.email, callId }),
  }),
  defineTool({
    name: "billing.charge",
    description: "Charges a card.",
    execute: async () => {
      throw new CodeModeError("TOOL_ERROR", "card declined");
    },
  }),
  defineTool({
    name: "docs.read",
    description: "Reads a long page.",
    execute: async () => "é".repeat(500),
  }),
];

const script = `
  await tools.crm.find_customer({ email: "ada@example.com" });
  await tools.billing.charge({ cents: 5 });
  await tools.docs.read({ text: "x".repeat(100) });
  return "done";`;

describe("createCodeMode (trace)", () => {
  const starts: ToolCallStartEvent[] = [];
  const ends: ToolCallEndEvent[] = [];
  const traced = createCodeMode({
    tools,
    poolSize: 1,
    trace: { arguments: true, results: true, maxSummaryBytes: 64 },
    onToolCallStart: (event) => starts.push(event),
    onToolCallEnd: (event) => ends.push(event),
  });
  const plain = createCodeMode({ tools, poolSize: 1 });
  afterAll(() => Promise.all([traced.close(), plain.close()]));

  it("records each call's arguments and a bounded summary of its data or error", async () => {
    const result = await traced.execute(script);
    expect(result.status).toBe("completed");
    const [find, charge, read] = result.toolCalls;
    expect(find).toMatchObject({ tool: "crm.find_customer", ok: true, arguments: { email: "ada@example.com" } });
    expect(find!.summary).toMatch(/^\{"id":"cus_1","email":"ada@example.com","callId":"call_\d+"\}$/);
    expect(charge).toMatchObject({ ok: false, errorCode: "tool_error", arguments: { cents: 5 }, summary: "tool_error: card declined" });
    // Arguments and data over 64 bytes are kept as their JSON text, cut, with their full size.
    expect(read!.arguments).toMatch(/^\{"text":"x+… \(111 bytes\)$/);
    expect(read!.summary).toMatch(/^"é+… \(1002 bytes\)$/);
    expect(Buffer.byteLength(read!.summary!)).toBeLessThanOrEqual(64);
  });

  it("calls the hooks around every call, with the id the tool itself receives", async () => {
    starts.length = 0;
    ends.length = 0;
    const result = await traced.execute(script);
    expect(starts.map((event) => [event.tool, event.arguments])).toEqual([
      ["crm.find_customer", { email: "ada@example.com" }],
      ["billing.charge", { cents: 5 }],
      ["docs.read", { text: "x".repeat(100) }],
    ]);
    const toolSeenId = JSON.parse(result.toolCalls[0]!.summary!).callId;
    expect(starts[0]!.callId).toBe(toolSeenId);
    expect(ends.map(({ tool, callId, ok, errorCode }) => ({ tool, callId, ok, errorCode }))).toEqual([
      { tool: "crm.find_customer", callId: starts[0]!.callId, ok: true, errorCode: undefined },
      { tool: "billing.charge", callId: starts[1]!.callId, ok: false, errorCode: "tool_error" },
      { tool: "docs.read", callId: starts[2]!.callId, ok: true, errorCode: undefined },
    ]);
    expect(ends.every((event) => typeof event.durationMs === "number")).toBe(true);
  });

  it("keeps running when a hook throws or rejects", async () => {
    const throwing = createCodeMode({
      tools,
      poolSize: 1,
      onToolCallStart: () => {
        throw new Error("hook failed");
      },
      onToolCallEnd: (() => Promise.reject(new Error("hook rejected"))) as () => void,
    });
    try {
      const result = await throwing.execute(script);
      expect(result).toMatchObject({ status: "completed", result: "done" });
      expect(result.toolCalls.map((call) => call.ok)).toEqual([true, false, true]);
    } finally {
      await throwing.close();
    }
  });

  it("gives hooks their own copy of the arguments, so a hook cannot change what the tool receives", async () => {
    const meddling = createCodeMode({
      tools,
      poolSize: 1,
      trace: { arguments: true },
      onToolCallStart: (event) => {
        (event.arguments as { email: string }).email = "changed@example.com";
      },
    });
    try {
      const result = await meddling.execute(`return (await tools.crm.find_customer({ email: "ada@example.com" })).data.email;`);
      expect(result.result).toBe("ada@example.com");
      expect(result.toolCalls[0]!.arguments).toEqual({ email: "ada@example.com" });
    } finally {
      await meddling.close();
    }
  });

  it("records neither arguments nor summaries by default", async () => {
    const result = await plain.execute(script);
    for (const call of result.toolCalls) {
      expect(call).not.toHaveProperty("arguments");
      expect(call).not.toHaveProperty("summary");
    }
  });

  it("rejects a summary size too small to hold anything", () => {
    expect(() => createCodeMode({ trace: { results: true, maxSummaryBytes: 4 } })).toThrow(/maxSummaryBytes/);
  });
});
