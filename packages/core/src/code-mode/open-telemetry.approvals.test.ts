import { SpanStatusCode, trace } from "@opentelemetry/api";
import { BasicTracerProvider, InMemorySpanExporter, SimpleSpanProcessor, type ReadableSpan } from "@opentelemetry/sdk-trace-base";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Approver } from "../approval/index.js";
import { CodeModeError } from "../errors/index.js";
import { defineTool } from "../tools/index.js";
import { createCodeMode } from "./create-code-mode.js";

const exporter = new InMemorySpanExporter();
const ran: string[] = [];

const tools = [
  defineTool({
    name: "crm.delete_customer",
    description: "Deletes a customer for good.",
    requiresApproval: true,
    execute: async (args: { id: string }) => {
      ran.push(args.id);
      if (args.id === "cus_broken") throw new CodeModeError("TOOL_ERROR", "the database is down");
      return { deleted: args.id };
    },
  }),
  defineTool({
    name: "billing.refund",
    description: "Refunds an amount.",
    requiresApproval: () => {
      throw new Error("broken rule");
    },
    execute: () => ({ refunded: true }),
  }),
  defineTool({ name: "crm.find_customer", description: "Finds a customer.", execute: async () => ({ id: "cus_1" }) }),
];

/** Says yes after a short wait, no for `cus_no`, and never answers for `cus_never`. */
const approve: Approver = ({ arguments: args }) => {
  const id = (args as { id: string }).id;
  if (id === "cus_no") return { approved: false, reason: "not today" };
  if (id === "cus_never") return new Promise<boolean>(() => {});
  return new Promise<boolean>((resolve) => setTimeout(() => resolve(true), 30));
};

const codeMode = createCodeMode({ tools, approve, poolSize: 1, limits: { timeoutMs: 5000, approvalTimeoutMs: 150 } });

const callSpans = () => exporter.getFinishedSpans().filter((span) => span.name.startsWith("execute_tool "));
const eventNames = (span: ReadableSpan) => span.events.map((event) => event.name);
const millis = ([seconds, nanos]: readonly [number, number]) => seconds * 1000 + nanos / 1e6;

beforeAll(() => {
  trace.setGlobalTracerProvider(new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] }));
});
beforeEach(() => {
  exporter.reset();
  ran.length = 0;
});
afterAll(async () => {
  trace.disable();
  await codeMode.close();
});

describe("startExecutionSpans (approvals)", () => {
  it("marks when an approved call asked and when the tool itself started, with the outcome and the wait", async () => {
    const result = await codeMode.execute(`return (await tools.crm.delete_customer({ id: "cus_1" })).ok;`);
    expect(result.result).toBe(true);
    const [span] = callSpans();
    expect(eventNames(span!)).toEqual(["codemode.approval.requested", "codemode.tool.started"]);
    const [asked, started] = span!.events;
    // The approver answers after 30 ms, so the tool starts well after the call asked.
    expect(millis(started!.time) - millis(asked!.time)).toBeGreaterThanOrEqual(20);
    expect(span!.attributes).toMatchObject({
      "codemode.approval": "approved",
      "codemode.approval.wait_ms": result.toolCalls[0]!.approval!.waitedMs,
    });
    expect(span!.status.code).toBe(SpanStatusCode.UNSET);
  });

  it("shows a denied call as denied, never started, and not as an error", async () => {
    const result = await codeMode.execute(`return (await tools.crm.delete_customer({ id: "cus_no" })).error.code;`);
    expect(result.result).toBe("access_denied");
    const [span] = callSpans();
    expect(eventNames(span!)).toEqual(["codemode.approval.requested"]);
    expect(span!.attributes["codemode.approval"]).toBe("denied");
    expect(span!.attributes["codemode.approval.wait_ms"]).toEqual(expect.any(Number));
    expect(span!.attributes["error.type"]).toBeUndefined();
    expect(span!.status.code).toBe(SpanStatusCode.UNSET);
    expect(ran).toEqual([]);
  });

  it("shows a call nobody answered in time as timeout, never started, and not as an error", async () => {
    const result = await codeMode.execute(`return (await tools.crm.delete_customer({ id: "cus_never" })).error.code;`);
    expect(result.result).toBe("timeout");
    const [span] = callSpans();
    expect(eventNames(span!)).toEqual(["codemode.approval.requested"]);
    expect(span!.attributes["codemode.approval"]).toBe("timeout");
    expect(span!.attributes["codemode.approval.wait_ms"]).toBeGreaterThanOrEqual(100);
    expect(span!.status.code).toBe(SpanStatusCode.UNSET);
  });

  it("shows a call still waiting when the script ended as cancelled, never started", async () => {
    // The second call's await sends the first to the host, which is still waiting for its answer at the return.
    const result = await codeMode.execute(`
      tools.crm.delete_customer({ id: "cus_never" });
      await tools.crm.find_customer({});
      return "done";`);
    expect(result.result).toBe("done");
    const span = callSpans().find((call) => call.name === "execute_tool crm.delete_customer");
    expect(eventNames(span!)).toEqual(["codemode.approval.requested"]);
    expect(span!.attributes["codemode.approval"]).toBe("cancelled");
    expect(span!.status.code).toBe(SpanStatusCode.UNSET);
  });

  it("gives a call that needs no approval no approval event or attribute, only its start", async () => {
    await codeMode.execute(`await tools.crm.find_customer({});`);
    const [span] = callSpans();
    expect(eventNames(span!)).toEqual(["codemode.tool.started"]);
    expect(span!.attributes["codemode.approval"]).toBeUndefined();
    expect(span!.attributes["codemode.approval.wait_ms"]).toBeUndefined();
  });

  it("still marks an approved call whose tool fails as an error of the tool", async () => {
    await codeMode.execute(`await tools.crm.delete_customer({ id: "cus_broken" });`);
    const [span] = callSpans();
    expect(eventNames(span!)).toEqual(["codemode.approval.requested", "codemode.tool.started"]);
    expect(span!.attributes).toMatchObject({ "codemode.approval": "approved", "error.type": "tool_error" });
    expect(span!.status.code).toBe(SpanStatusCode.ERROR);
  });

  it("marks a call denied because its rule threw as an error, since nobody was asked", async () => {
    const result = await codeMode.execute(`return (await tools.billing.refund({ cents: 5 })).error.code;`);
    expect(result.result).toBe("access_denied");
    const [span] = callSpans();
    expect(span!.events).toEqual([]);
    expect(span!.attributes["codemode.approval"]).toBeUndefined();
    expect(span!.attributes["error.type"]).toBe("access_denied");
    expect(span!.status.code).toBe(SpanStatusCode.ERROR);
  });

  it("ends a paused call's span with codemode.approval paused, not as an error, and traces only new calls on resume", async () => {
    const pausing = createCodeMode({ tools, poolSize: 1, approvals: { mode: "pause", secret: "tracing" } });
    try {
      const code = `await tools.crm.find_customer({}); return await tools.crm.delete_customer({ id: "cus_later" });`;
      const paused = await pausing.execute(code);
      expect(paused.status).toBe("paused");
      const spans = callSpans();
      expect(spans.map((span) => span.name)).toEqual(["execute_tool crm.find_customer", "execute_tool crm.delete_customer"]);
      expect(spans[1]!.attributes["codemode.approval"]).toBe("paused");
      expect(spans[1]!.status.code).not.toBe(SpanStatusCode.ERROR);
      expect(exporter.getFinishedSpans().find((span) => span.name === "codemode.execute")?.attributes["codemode.status"]).toBe("paused");
      exporter.reset();
      const resumed = await pausing.resume(paused.continuation!, { decisions: { [paused.pending![0]!.callId]: true }, owner: "" });
      expect(resumed.status).toBe("completed");
      expect(callSpans().map((span) => [span.name, span.attributes["codemode.approval"]])).toEqual([["execute_tool crm.delete_customer", "approved"]]);
      expect(ran).toEqual(["cus_later"]);
    } finally {
      await pausing.close();
    }
  });
});
