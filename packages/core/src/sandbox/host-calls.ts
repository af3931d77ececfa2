import { isCatalogError, type ToolCatalog } from "../catalog/index.js";
import type { ToolCallRecord } from "../code-mode/execution-result.js";
import type { CallError } from "../envelopes/index.js";
import { toCallError } from "../errors/index.js";
import { isToolResult, type AllowFilter, type RegisteredTool } from "../tools/index.js";
import { encodeToolData } from "./encode-tool-data.js";
import type { CallBatch, HostCallRequest, ReplyBatch } from "./protocol.js";

type Reply = ReplyBatch["replies"][number];
type CallRequest = Extract<HostCallRequest, { kind: "tool" | "catalog" }>;

/** What one execution's host calls need. */
export interface HostCallsOptions {
  tools: (name: string) => RegisteredTool | undefined;
  allowed: AllowFilter;
  /** The catalog, built on first use; undefined when scripts have no `catalog`. */
  catalog: (() => ToolCatalog) | undefined;
  context: unknown;
  maxConcurrentCalls: number;
  maxToolResultBytes: number;
}

/** The host side of one execution's calls: runs tools and catalog operations, records them, cancels the rest. */
export interface HostCalls {
  /** Takes a batch the worker sent; replies go out through `reply`, several at once when they finish together. */
  handle(batch: CallBatch, reply: (replies: Reply[]) => void): void;
  /** Aborts what is still running or queued and records calls the worker never sent; returns the call records. */
  finish(unsent: readonly { callId: number; name: string }[]): ToolCallRecord[];
  /** Log lines the worker sent with its call batches. */
  readonly logs: string[];
}

const CATALOG_OPERATIONS = new Set(["search", "list", "count", "describe", "toolkits"]);
let callSequence = 0;

/** Creates the host side of one execution's calls. */
export function createHostCalls(options: HostCallsOptions): HostCalls {
  const records = new Map<number, ToolCallRecord & { started: number }>();
  const running = new Map<number, AbortController>();
  const queued: CallRequest[] = [];
  const logs: string[] = [];
  let activeTools = 0;
  let activeCatalog = 0;
  let finished = false;
  let outbox: Reply[] = [];
  let flushScheduled = false;
  let replyTo: ((replies: Reply[]) => void) | undefined;

  const flush = () => {
    flushScheduled = false;
    const items = outbox;
    outbox = [];
    if (!finished && items.length > 0) replyTo?.(items);
  };
  // A reply goes out at once when nothing else is running (a sequential loop of calls); replies of calls running
  // together wait for the end of this turn of the event loop and travel in one message.
  const send = (item: Reply) => {
    if (finished) return;
    outbox.push(item);
    if (activeTools + activeCatalog === 0) flush();
    else if (!flushScheduled) {
      flushScheduled = true;
      setImmediate(flush);
    }
  };

  const record = (callId: number, tool: string, started: number, error?: CallError) => {
    const entry: ToolCallRecord & { started: number } = {
      tool,
      ok: error === undefined,
      durationMs: roundMs(performance.now() - started),
      started,
    };
    if (error) entry.errorCode = error.code;
    records.set(callId, entry);
  };

  const runTool = async (call: CallRequest) => {
    const started = performance.now();
    const controller = new AbortController();
    running.set(call.callId, controller);
    records.set(call.callId, { tool: call.name, ok: false, durationMs: 0, errorCode: "cancelled", started });
    activeTools++;
    const reply = await callTool(call, controller.signal, options);
    activeTools--;
    running.delete(call.callId);
    if (finished) return;
    record(call.callId, call.name, started, reply.error);
    const next = queued.shift();
    if (next) void runTool(next);
    send({ callId: call.callId, envelope: reply.envelope, bytes: reply.bytes });
  };

  const runCatalog = async (call: CallRequest) => {
    activeCatalog++;
    const envelope = await callCatalog(call, options);
    activeCatalog--;
    send({ callId: call.callId, envelope, bytes: false });
  };

  return {
    logs,
    handle(batch, reply) {
      if (finished) return;
      replyTo = reply;
      logs.push(...batch.logs);
      for (const call of batch.calls) {
        if (call.kind === "note") {
          if (call.name !== "console") record(call.callId, call.name, performance.now(), { code: call.code, message: call.message, retryable: false });
        } else if (call.kind === "catalog") {
          void runCatalog(call);
        } else if (activeTools < options.maxConcurrentCalls) {
          void runTool(call);
        } else {
          queued.push(call);
        }
      }
    },
    finish(unsent) {
      finished = true;
      for (const call of queued) records.set(call.callId, { tool: call.name, ok: false, durationMs: 0, errorCode: "cancelled", started: 0 });
      queued.length = 0;
      for (const [callId, controller] of running) {
        const entry = records.get(callId);
        if (entry) entry.durationMs = roundMs(performance.now() - entry.started);
        controller.abort();
      }
      for (const call of unsent) {
        records.set(call.callId, { tool: call.name, ok: false, durationMs: 0, errorCode: "cancelled", started: 0 });
      }
      return [...records.entries()]
        .sort(([left], [right]) => left - right)
        .map(([, { started: _started, ...entry }]) => entry);
    },
  };
}

interface ToolReply {
  envelope: string;
  bytes: boolean;
  error?: CallError;
}

function failure(error: CallError): ToolReply {
  return { envelope: JSON.stringify({ ok: false, error }), bytes: false, error };
}

async function callTool(call: CallRequest, signal: AbortSignal, options: HostCallsOptions): Promise<ToolReply> {
  const tool = options.allowed(call.name) ? options.tools(call.name) : undefined;
  if (!tool) {
    // An unknown tool and a forbidden one get the same answer, so a script cannot probe what exists.
    return failure({ code: "not_found", message: `No tool named "${call.name}" is available.`, retryable: false });
  }
  let output: unknown;
  try {
    const validation = await tool.validate(JSON.parse(call.args));
    if (!validation.ok) return failure({ code: "invalid_arguments", message: validation.message, retryable: false });
    output = await tool.definition.execute(validation.value, {
      signal,
      callId: `call_${++callSequence}`,
      context: options.context,
    });
  } catch (error) {
    return failure(toCallError(error));
  }
  const data = isToolResult(output) ? output.data : output;
  const omitted = isToolResult(output) ? output.meta.omitted : 0;
  let encoded: { json: string; bytes: boolean };
  try {
    encoded = encodeToolData(data);
  } catch (error) {
    const reason = error instanceof Error ? error.message.split("\n")[0] : "it cannot be encoded";
    return failure({ code: "tool_error", message: `The tool's result cannot be sent to the script: ${reason}.`, retryable: false });
  }
  const limit = options.maxToolResultBytes;
  if (encoded.json.length > limit || (encoded.json.length * 3 > limit && Buffer.byteLength(encoded.json) > limit)) {
    return failure({ code: "limit_exceeded", message: `The tool's result is larger than ${limit} bytes.`, retryable: false });
  }
  return { envelope: `{"ok":true,"data":${encoded.json},"meta":{"omitted":${omitted}}}`, bytes: encoded.bytes };
}

async function callCatalog(call: CallRequest, options: HostCallsOptions): Promise<string> {
  if (!options.catalog || !CATALOG_OPERATIONS.has(call.name)) {
    return JSON.stringify({ ok: false, error: { code: "not_found", message: `No catalog operation "${call.name}".`, retryable: false } });
  }
  try {
    const catalog = options.catalog() as unknown as Record<string, (args: unknown, allowed: AllowFilter) => unknown>;
    const data = await catalog[call.name]!(JSON.parse(call.args), options.allowed);
    return JSON.stringify({ ok: true, data });
  } catch (error) {
    if (isCatalogError(error)) {
      return JSON.stringify({ ok: false, error: { code: error.code, message: error.message, retryable: false } });
    }
    return JSON.stringify({ ok: false, error: { ...toCallError(error), code: "tool_error" } });
  }
}

function roundMs(ms: number): number {
  return Math.round(ms * 100) / 100;
}
