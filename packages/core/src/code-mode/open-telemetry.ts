import type { Span } from "@opentelemetry/api";
import type { ExecutionResult } from "../envelopes/index.js";
import { callHook, type ToolCallHooks, type ToolCallStepHooks } from "../sandbox/index.js";

type OpenTelemetryApi = typeof import("@opentelemetry/api");

let loading: Promise<OpenTelemetryApi | null> | undefined;

/** Where `@opentelemetry/api` 1.x keeps the providers an application registered (its `registerGlobal`). */
const OPEN_TELEMETRY_GLOBAL = Symbol.for("opentelemetry.js.api.1");
const NOTHING_REGISTERED: Promise<null> = Promise.resolve(null);

/**
 * Loads `@opentelemetry/api` (an optional peer dependency) on the first execution; null when it is not installed.
 * The import is tried once per process, so without it an execution pays one await of a settled promise.
 */
export function loadOpenTelemetry(): Promise<OpenTelemetryApi | null> {
  // With no tracer provider registered no span would record: skip importing the API's ~60 modules, tens of ms of
  // a cold start. An application that traces registered its provider through the API, which sets this global.
  const registered = (globalThis as { [OPEN_TELEMETRY_GLOBAL]?: { trace?: unknown } })[OPEN_TELEMETRY_GLOBAL];
  if (loading === undefined && registered?.trace === undefined) return NOTHING_REGISTERED;
  return (loading ??= import("@opentelemetry/api").then(
    (api) => api,
    () => null,
  ));
}

/** The spans of one execution: hooks that open a child span per tool call, and `end` for the execution's own. */
export interface ExecutionSpans {
  hooks: ToolCallStepHooks;
  end(result: ExecutionResult): void;
}

/**
 * Starts a `codemode.execute` span under the active context, or returns null when no tracer records it (no
 * provider registered), so that an application without tracing pays nothing per tool call. Tool calls become
 * `execute_tool <name>` spans (OpenTelemetry's GenAI conventions) under it, from the script's call to its reply.
 */
export function startExecutionSpans(api: OpenTelemetryApi, attributes?: Readonly<Record<string, string | number | boolean>>): ExecutionSpans | null {
  const tracer = api.trace.getTracer("@codemode/core");
  const span = tracer.startSpan("codemode.execute", attributes ? { attributes: { ...attributes } } : {});
  if (!span.isRecording()) {
    span.end();
    return null;
  }
  const parent = api.trace.setSpan(api.context.active(), span);
  const calls = new Map<string, Span>();
  const fail = (target: Span, type: string) => {
    target.setAttribute("error.type", type);
    target.setStatus({ code: api.SpanStatusCode.ERROR, message: type });
  };
  return {
    hooks: {
      onToolCallStart({ tool, callId }) {
        const attributes = { "gen_ai.operation.name": "execute_tool", "gen_ai.tool.name": tool, "gen_ai.tool.call.id": callId };
        calls.set(callId, tracer.startSpan(`execute_tool ${tool}`, { attributes }, parent));
      },
      // Steps are events on the call's one span rather than child spans: a call stays one `execute_tool` span
      // whatever it went through, and the wait's outcome and length are attributes a backend can query.
      onApprovalRequested({ callId }) {
        calls.get(callId)?.addEvent("codemode.approval.requested");
      },
      onToolExecuteStart({ callId }) {
        calls.get(callId)?.addEvent("codemode.tool.started");
      },
      onToolCallEnd({ callId, ok, errorCode, approval }) {
        const call = calls.get(callId);
        if (!call) return;
        calls.delete(callId);
        if (approval) call.setAttributes({ "codemode.approval": approval.status, "codemode.approval.wait_ms": approval.waitedMs });
        // A call that approval stopped never ran: a person's no, or nobody's answer, is an outcome, not a fault.
        if (!ok && (approval === undefined || approval.status === "approved")) fail(call, errorCode ?? "tool_error");
        call.end();
      },
    },
    end(result) {
      for (const call of calls.values()) call.end();
      calls.clear();
      span.setAttributes({ "codemode.status": result.status, "codemode.tool_calls": result.toolCalls.length });
      if (result.error) fail(span, result.error.kind);
      span.end();
    },
  };
}

/** Hooks that call both sets, each guarded, so neither a host's hook nor tracing can break the other. */
export function combineHooks(first: ToolCallHooks, second: ToolCallStepHooks | undefined): ToolCallStepHooks {
  if (!second) return first;
  return {
    onApprovalRequested: second.onApprovalRequested,
    onToolExecuteStart: second.onToolExecuteStart,
    onToolCallStart: (event) => {
      callHook(first.onToolCallStart, event);
      callHook(second.onToolCallStart, event);
    },
    onToolCallEnd: (event) => {
      callHook(first.onToolCallEnd, event);
      callHook(second.onToolCallEnd, event);
    },
  };
}
