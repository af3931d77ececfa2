import { context, trace, type Attributes, type Context, type Span, type SpanOptions, type SpanStatus, type Tracer } from "@opentelemetry/api";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CodeModeError } from "../errors/index.js";
import { defineTool } from "../tools/index.js";
import { createCodeMode } from "./create-code-mode.js";
import { loadOpenTelemetry } from "./open-telemetry.js";

interface Recorded {
  name: string;
  attributes: Attributes;
  status?: SpanStatus;
  parent: string | undefined;
  ended: boolean;
  id: string;
}

const recorded: Recorded[] = [];
let nextId = 0;

/** A tracer that keeps every span it starts: the smallest real provider the API accepts. */
function recordingTracer(): Tracer {
  const startSpan = (name: string, options: SpanOptions = {}, parentContext?: Context): Span => {
    const id = String(++nextId).padStart(16, "0");
    const parent = parentContext ? trace.getSpan(parentContext)?.spanContext().spanId : undefined;
    const entry: Recorded = { name, attributes: { ...options.attributes }, parent, ended: false, id };
    recorded.push(entry);
    const span: Span = {
      spanContext: () => ({ traceId: "1".repeat(32), spanId: id, traceFlags: 1 }),
      setAttribute: (key, value) => ((entry.attributes[key] = value), span),
      setAttributes: (attributes) => (Object.assign(entry.attributes, attributes), span),
      addEvent: () => span,
      addLink: () => span,
      addLinks: () => span,
      setStatus: (status) => ((entry.status = status), span),
      updateName: () => span,
      end: () => void (entry.ended = true),
      isRecording: () => true,
      recordException: () => undefined,
    };
    return span;
  };
  return {
    startSpan,
    startActiveSpan: ((name: string, fn: (span: Span) => unknown) => fn(startSpan(name))) as Tracer["startActiveSpan"],
  };
}

const tools = [
  defineTool({ name: "crm.find_customer", description: "Finds a customer.", execute: async () => ({ id: "cus_1" }) }),
  defineTool({
    name: "billing.charge",
    description: "Charges a card.",
    execute: async () => {
      throw new CodeModeError("TOOL_ERROR", "card declined");
    },
  }),
];

describe("loadOpenTelemetry", () => {
  it("loads the API only once an application has registered a tracer provider", async () => {
    expect(await loadOpenTelemetry()).toBeNull();
    trace.setGlobalTracerProvider({ getTracer: () => recordingTracer() });
    try {
      expect((await loadOpenTelemetry())?.trace).toBe(trace);
    } finally {
      trace.disable();
    }
  });
});

describe("startExecutionSpans", () => {
  const codeMode = createCodeMode({ tools, poolSize: 1 });
  beforeAll(() => {
    trace.setGlobalTracerProvider({ getTracer: () => recordingTracer() });
  });
  afterAll(async () => {
    trace.disable();
    await codeMode.close();
  });

  it("records a span per execution and a child span per tool call, with failures as errors", async () => {
    recorded.length = 0;
    const result = await context.with(context.active(), () =>
      codeMode.execute(`
        await tools.crm.find_customer({});
        const charge = await tools.billing.charge({});
        return charge.ok;`),
    );
    expect(result.status).toBe("completed");
    const [execution, find, charge] = recorded;
    expect(recorded).toHaveLength(3);
    expect(execution).toMatchObject({ name: "codemode.execute", ended: true, parent: undefined });
    expect(execution!.attributes).toMatchObject({ "codemode.status": "completed", "codemode.tool_calls": 2 });
    expect(find).toMatchObject({ name: "execute_tool crm.find_customer", parent: execution!.id, ended: true });
    expect(find!.attributes).toMatchObject({ "gen_ai.operation.name": "execute_tool", "gen_ai.tool.name": "crm.find_customer" });
    expect(find!.status).toBeUndefined();
    expect(charge).toMatchObject({ name: "execute_tool billing.charge", parent: execution!.id, ended: true });
    expect(charge!.attributes["error.type"]).toBe("tool_error");
    expect(charge!.status?.code).toBe(2);
  });

  it("puts the caller's trace attributes on the execution's span", async () => {
    recorded.length = 0;
    await codeMode.execute("return 1", { traceAttributes: { "codemode.request_id": "req-42" } });
    expect(recorded[0]!.attributes).toMatchObject({ "codemode.request_id": "req-42", "codemode.status": "completed" });
  });

  it("marks a failed execution's span as an error with its kind", async () => {
    recorded.length = 0;
    const result = await codeMode.execute("null.x;");
    expect(result.status).toBe("failed");
    expect(recorded).toHaveLength(1);
    expect(recorded[0]!.attributes["error.type"]).toBe("ScriptError");
    expect(recorded[0]!.ended).toBe(true);
  });
});
