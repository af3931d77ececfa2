import { createApprovalGate, type ApprovalGate, type Approver } from "../../approval/index.js";
import { toolPath, type ToolCatalog } from "../../catalog/index.js";
import { callError, failedEnvelopeJson, okEnvelopeJson, type CallError, type ToolCallRecord } from "../../envelopes/index.js";
import { cutText, ERROR_MESSAGES, LIMIT_MESSAGES, nearestName, toErrorData } from "../../errors/index.js";
import { encodeToolData } from "../../serializer/index.js";
import {
  isToolResult,
  MAX_TOOL_NAME_LENGTH,
  type AllowFilter,
  type RegisteredTool,
  type ResourceAllowFilter,
} from "../../tools/index.js";
import type { Workspace } from "../../workspace/index.js";
import { NAMESPACE_OPERATIONS, type CallBatch, type HostCallRequest, type ReplyBatch } from "../protocol.js";
import { endEvent, notRun, outcomeOf, parseArguments, traceArguments, type Entry } from "./call-entry.js";
import { callFiles } from "./call-files.js";
import { callResources } from "./call-resources.js";
import type { ResourceSource } from "../../resources/index.js";
import { callHook, withApproval, type ToolCallStepHooks, type TraceOptions } from "./tool-call-trace.js";
import { EVENT_ARGUMENTS_BYTES, type EventSink } from "./execution-event.js";
import { nextTurn, utf8ByteLength } from "../../portable/index.js";

type Reply = ReplyBatch["replies"][number];
type CallRequest = Extract<HostCallRequest, { kind: "tool" | "catalog" | "files" | "resources" }>;

/** What one execution's host calls need. */
export interface HostCallsOptions {
  tools: (name: string) => RegisteredTool | undefined;
  /** Asked for an allowed tool `tools` lacks, before the call fails with not_found (CreateCodeModeOptions.findTool). */
  findTool?: ((name: string, signal: AbortSignal) => Promise<RegisteredTool | undefined>) | undefined;
  /** Every tool, for the one nearest to a name that is not found. */
  allTools: () => readonly RegisteredTool[];
  allowed: AllowFilter;
  /** The resources the caller may list and read: matched apart from tools, never by a glob over the URI. */
  allowedResources: ResourceAllowFilter;
  /** The catalog, built on first use; undefined when scripts have no `catalog`. */
  catalog: (() => ToolCatalog) | undefined;
  /** The workspace behind the script's `files`; undefined when scripts have none. */
  files?: Workspace | undefined;
  /** Where the script's `resources` read from; undefined when scripts have none. */
  resources?: ResourceSource | undefined;
  context: unknown;
  maxConcurrentCalls: number;
  maxToolResultBytes: number;
  /** What each record carries besides the tool, outcome and duration; absent records nothing more. */
  trace?: Required<TraceOptions> | undefined;
  hooks?: ToolCallStepHooks | undefined;
  /** Where the run's live events go; absent when nobody listens. */
  events?: EventSink | undefined;
  /** Asked before a tool with `requiresApproval` runs; absent denies such calls. */
  approve?: Approver | undefined;
  /** How long one call may wait for approval; default 5 minutes. */
  approvalTimeoutMs?: number | undefined;
  /**
   * Pause mode: a call needing approval that the approver cannot decide at once pauses rather than waits. Call ids are
   * `call_<runId>_<position>`, the same in every run of one paused run, and `decisions` answers calls by those ids.
   */
  pause?: { runId: string; decisions: ReadonlyMap<string, CallError | null> } | undefined;
}

/** A tool call that paused for a person's decision, as the host reports it. */
export interface PausedCall {
  callId: string;
  tool: string;
  /** The validated arguments. */
  arguments: unknown;
  /** Where the script made the call, for its line. */
  stack: string;
}

/** The host side of one execution's calls: runs tools and catalog operations, records them, cancels the rest. */
export interface HostCalls {
  /**
   * Takes a batch the worker sent; replies go out through `reply`, several at once when they finish together, and
   * `hold` hears when calls start and stop waiting for approval.
   */
  handle(batch: CallBatch, reply: (replies: Reply[]) => void, hold?: (held: boolean) => void): void;
  /** Aborts what is still running or queued and records calls the worker never sent; returns the call records. */
  finish(unsent: readonly { callId: number; name: string }[]): ToolCallRecord[];
  /**
   * After `finish`, every tool call in submission order with its outcome, for example
   * `1. crm.find_customer ok; 2. billing.charge failed: tool_error: card declined`, in about `maxBytes` at most (the
   * calls past it are counted, not listed).
   */
  describe(maxBytes: number): string;
  /** Log lines the worker sent with its call batches. */
  readonly logs: string[];
  /** The calls that paused for a decision (pause mode), in call order. */
  paused(): PausedCall[];
  /** Where the script made each call that reached the host, by its position in the run. */
  readonly stacks: ReadonlyMap<number, string>;
}

const CATALOG_OPERATIONS = new Set<string>(NAMESPACE_OPERATIONS.catalog);
/** The most UTF-8 bytes of a call's message kept in its record, for the list of calls a failed run gives. */
const MAX_LISTED_MESSAGE_BYTES = 256;
let callSequence = 0;

/** Creates the host side of one execution's calls. */
export function createHostCalls(options: HostCallsOptions): HostCalls {
  const records = new Map<number, Entry>();
  const running = new Map<number, LazyAbort>();
  const queued: CallRequest[] = [];
  const logs: string[] = [];
  let activeTools = 0;
  let activeCatalog = 0;
  let finished = false;
  let outbox: Reply[] = [];
  let flushScheduled = false;
  let replyTo: ((replies: Reply[]) => void) | undefined;
  let holdTo: ((held: boolean) => void) | undefined;
  const pausedCalls = new Map<number, PausedCall>();
  const stacks = new Map<number, string>();
  // Nothing is told after the run's end: the end event comes last.
  const emit: EventSink | undefined = options.events && ((event) => finished || options.events!(event));
  let droppedLines = 0;
  const approvals = createApprovalGate({
    pause: options.pause,
    approve: options.approve,
    timeoutMs: options.approvalTimeoutMs ?? 300_000,
    context: options.context,
    onHold: (held) => holdTo?.(held),
    onAsk: (call) => {
      callHook(options.hooks?.onApprovalRequested, call);
      emit?.({ type: "approval-asked", ...call });
    },
    onAnswer: (call, { status, waitedMs }) => {
      if (status !== "paused") emit?.({ type: "approval-answered", ...call, status, waitedMs });
    },
  });

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
      nextTurn(flush);
    }
  };

  const { trace, hooks } = options;
  const sortedEntries = () => [...records.entries()].sort(([left], [right]) => left - right).map(([, entry]) => entry);
  const record = (callId: number, tool: string, started: number, error?: CallError, reply?: ToolReply) => {
    const entry: Entry = { tool, ok: error === undefined, durationMs: roundMs(performance.now() - started), started };
    if (error) {
      entry.errorCode = error.code;
      // Only the failure message's list quotes it, and a run may list hundreds of calls.
      entry.message = cutText(error.message, MAX_LISTED_MESSAGE_BYTES);
    }
    const previous = records.get(callId);
    if (previous?.arguments !== undefined) entry.arguments = previous.arguments;
    if (previous?.hostCallId !== undefined) entry.hostCallId = previous.hostCallId;
    const approval = previous?.hostCallId === undefined ? undefined : approvals.outcome(previous.hostCallId);
    if (approval) entry.approval = { approved: approval.approved, waitedMs: approval.waitedMs };
    if (trace?.results) {
      entry.summary = cutText(error ? `${error.code}: ${error.message}` : (reply?.data ?? "null"), trace.maxSummaryBytes);
    }
    records.set(callId, entry);
  };

  const runTool = async (call: CallRequest) => {
    const started = performance.now();
    const controller = createLazyAbort();
    const hostCallId = options.pause ? `call_${options.pause.runId}_${call.callId}` : `call_${++callSequence}`;
    const args = parseArguments(call.args);
    running.set(call.callId, controller);
    const entry: Entry = { tool: call.name, ok: false, durationMs: 0, errorCode: "cancelled", started, hostCallId };
    // Observers get their own copy: neither a hook nor the record may see (or make) changes the tool makes.
    if (trace?.arguments) entry.arguments = traceArguments(call.args, parseArguments(call.args), trace.maxSummaryBytes);
    records.set(call.callId, entry);
    if (hooks?.onToolCallStart) callHook(hooks.onToolCallStart, { tool: call.name, arguments: parseArguments(call.args), callId: hostCallId });
    // Arguments short enough to fit whatever their bytes are need no measuring.
    emit?.({ type: "tool-call-start", callId: hostCallId, tool: call.name, arguments: cutText(call.args, EVENT_ARGUMENTS_BYTES) });
    activeTools++;
    const reply = await callTool({ call, args, callId: hostCallId, abort: controller, options, approvals });
    activeTools--;
    running.delete(call.callId);
    if (finished) return;
    if (reply.paused) {
      // Not a call that ended: it waits for a person, and `pending` lists it rather than the call records.
      records.delete(call.callId);
      pausedCalls.set(call.callId, { callId: hostCallId, tool: call.name, arguments: reply.paused.arguments, stack: call.stack });
      if (hooks?.onToolCallEnd) {
        const event = { tool: call.name, callId: hostCallId, ok: false, durationMs: roundMs(performance.now() - started) };
        callHook(hooks.onToolCallEnd, withApproval(event, approvals.outcome(hostCallId)));
      }
    } else {
      record(call.callId, call.name, started, reply.error, reply);
      const done = records.get(call.callId)!;
      if (hooks?.onToolCallEnd) callHook(hooks.onToolCallEnd, withApproval(endEvent(done, hostCallId), approvals.outcome(hostCallId)));
      emit?.({ type: "tool-call-end", ...endEvent(done, hostCallId) });
    }
    const next = queued.shift();
    if (next) start(runTool, next);
    send(reply.paused ? { callId: call.callId, envelope: "", bytes: false, paused: true } : { callId: call.callId, envelope: reply.envelope, bytes: reply.bytes });
  };

  /** A call the guest refused itself (arguments that are not JSON, past the host-call limit): it starts and ends at once. */
  const emitRefused = (callId: number, entry: Entry) => {
    const id = `refused_${callId}`;
    emit?.({ type: "tool-call-start", callId: id, tool: entry.tool, arguments: "" });
    emit?.({ type: "tool-call-end", ...endEvent(entry, id) });
  };

  const runCatalog = async (call: CallRequest) => {
    activeCatalog++;
    const envelope = await callCatalog(call, options);
    activeCatalog--;
    send({ callId: call.callId, envelope, bytes: false });
  };

  // Resource reads reach an upstream, so the end of the run cancels those still going.
  const reading = new Set<AbortController>();
  const runResources = async (call: CallRequest) => {
    activeCatalog++;
    const controller = new AbortController();
    reading.add(controller);
    const reply = await callResources(options.resources, call.name, call.args, {
      allowed: options.allowedResources,
      context: options.context,
      signal: controller.signal,
      maxBytes: options.maxToolResultBytes,
    });
    reading.delete(controller);
    activeCatalog--;
    send({ callId: call.callId, envelope: reply.envelope, bytes: reply.bytes });
  };

  const runFiles = async (call: CallRequest) => {
    activeCatalog++;
    const reply = await callFiles(options.files, call.name, call.args);
    activeCatalog--;
    send({ callId: call.callId, envelope: reply.envelope, bytes: reply.bytes });
  };

  // A runner rejects only on a fault of the host's own; the call still gets an envelope and the run goes on.
  const start = (runner: (call: CallRequest) => Promise<void>, call: CallRequest) =>
    void runner(call).catch(() => send({ callId: call.callId, envelope: failedEnvelopeJson(callError("tool_error", ERROR_MESSAGES.toolFailed)), bytes: false }));

  return {
    logs,
    stacks,
    handle(batch, reply, hold) {
      if (finished) return;
      replyTo = reply;
      holdTo = hold;
      logs.push(...batch.logs);
      if (emit && (batch.logs.length > 0 || (batch.dropped ?? 0) > droppedLines)) {
        droppedLines = batch.dropped ?? droppedLines;
        emit({ type: "logs", lines: batch.logs, dropped: droppedLines });
      }
      for (const call of batch.calls) {
        if (options.pause && call.kind !== "note") stacks.set(call.callId, call.stack);
        if (call.kind === "note") {
          if (call.name !== "console") {
            record(call.callId, call.name, performance.now(), callError(call.code, call.message));
            if (emit) emitRefused(call.callId, records.get(call.callId)!);
          }
        } else if (call.kind === "catalog") {
          start(runCatalog, call);
        } else if (call.kind === "files") {
          start(runFiles, call);
        } else if (call.kind === "resources") {
          start(runResources, call);
        } else if (activeTools < options.maxConcurrentCalls) {
          start(runTool, call);
        } else {
          queued.push(call);
        }
      }
    },
    finish(unsent) {
      finished = true;
      for (const call of queued) records.set(call.callId, notRun(call.name));
      queued.length = 0;
      for (const [callId, controller] of running) {
        const entry = records.get(callId);
        if (entry) {
          entry.durationMs = roundMs(performance.now() - entry.started);
          // A call still waiting for its approval never ran, so the model may safely make it again.
          const id = entry.hostCallId ?? "";
          const asking = approvals.isWaiting(id);
          entry.cut = asking ? "cancelled while waiting for approval; it did not run" : "cancelled while running; it may have taken effect";
          callHook(hooks?.onToolCallEnd, withApproval(endEvent(entry, id), approvals.pending(id) ?? approvals.outcome(id)));
          options.events?.({ type: "tool-call-end", ...endEvent(entry, id) });
        }
        controller.abort();
      }
      for (const controller of reading) controller.abort();
      for (const call of unsent) records.set(call.callId, notRun(call.name));
      return sortedEntries().map(({ started: _started, message: _message, hostCallId: _id, cut: _cut, ...entry }) => entry);
    },
    paused: () => [...pausedCalls.entries()].sort(([left], [right]) => left - right).map(([, call]) => call),
    describe(maxBytes) {
      const listed: string[] = [];
      const entries = sortedEntries();
      let size = 0;
      for (const [index, entry] of entries.entries()) {
        const item = `${index + 1}. ${entry.tool} ${outcomeOf(entry)}`;
        size += item.length + 2;
        if (size > maxBytes) {
          listed.push(`and ${entries.length - index} more`);
          break;
        }
        listed.push(item);
      }
      return listed.join("; ");
    },
  };
}

interface ToolReply {
  envelope: string;
  bytes: boolean;
  error?: CallError;
  /** The data's JSON text, when the call succeeded. */
  data?: string;
  /** Pause mode: the call waits for a person's decision, with its validated arguments. */
  paused?: { arguments: unknown };
}

/** A failed reply; a message over `maxBytes` (a tool's or an upstream's own text) is cut to fit, as a result would be. */
function failure(error: CallError, maxBytes?: number): ToolReply {
  const capped = maxBytes === undefined ? error : { ...error, message: cutText(error.message, maxBytes) };
  return { envelope: failedEnvelopeJson(capped), bytes: false, error: capped };
}

/**
 * What a script hears of a tool it cannot call: an unknown tool and a forbidden one get the same answer, so a script
 * cannot probe what exists, with the nearest tool the caller may use. The name is echoed at most as long as a tool
 * name can be.
 */
function notFoundMessage(name: string, options: HostCallsOptions): string {
  const shown = name.length > MAX_TOOL_NAME_LENGTH ? `${name.slice(0, MAX_TOOL_NAME_LENGTH)}…` : name;
  const allowed = options.allTools().filter((tool) => options.allowed(tool.name));
  const nearest = nearestName(name, allowed.map((tool) => tool.name));
  const tool = nearest === undefined ? undefined : options.tools(nearest);
  const hint = tool ? `; did you mean ${toolPath(tool)}?` : ".";
  return `No tool named "${shown}" is available${hint}`;
}

/** One tool call as {@link callTool} runs it. */
interface CallToolOptions {
  call: CallRequest;
  /** The call's arguments, parsed. */
  args: unknown;
  /** The id the tool's `execute` gets. */
  callId: string;
  abort: LazyAbort;
  options: HostCallsOptions;
  approvals: ApprovalGate;
}

/** Runs one tool call: finds the tool, validates, asks for approval, executes and encodes the reply (never throws). */
async function callTool({ call, args, callId, abort, options, approvals }: CallToolOptions): Promise<ToolReply> {
  const allowed = options.allowed(call.name);
  let tool = allowed ? options.tools(call.name) : undefined;
  const limit = options.maxToolResultBytes;
  let data: unknown;
  let omitted = 0;
  let blocks: unknown[] | undefined;
  try {
    if (!tool && allowed && options.findTool) tool = await options.findTool(call.name, abort.signal);
    if (!tool) return failure(callError("not_found", notFoundMessage(call.name, options)));
    // Validation and approval are awaited only when they answer with a promise: each await is a turn of the microtask
    // queue, and most calls need neither to wait.
    const validated = tool.validate(args);
    const validation = validated instanceof Promise ? await validated : validated;
    if (!validation.ok) return failure(callError("invalid_arguments", `Invalid arguments for ${call.name}: ${validation.message}.`));
    const checked = approvals.check(tool.definition, validation.value, { callId, get signal() { return abort.signal; } });
    const refused = checked instanceof Promise ? await checked : checked;
    if (refused === "pause") return { envelope: "", bytes: false, paused: { arguments: validation.value } };
    if (refused) return failure(refused, limit);
    if (options.hooks?.onToolExecuteStart) callHook(options.hooks.onToolExecuteStart, { tool: call.name, callId });
    const output: unknown = await tool.definition.execute(validation.value, { callId, context: options.context, get signal() { return abort.signal; } });
    // Read inside the try: a returned Proxy or getter may throw as much as `execute` itself.
    const wrapped = isToolResult(output);
    data = wrapped ? output.data : output;
    omitted = wrapped ? output.meta.omitted : 0;
    blocks = wrapped ? (output.meta.content ?? []) : [];
  } catch (error) {
    return failure(toErrorData(error), limit);
  }
  let encoded: { json: string; bytes: boolean };
  // Content blocks travel only to a call that asked for them (`{ content: true }`), and count against the same cap.
  let content: { json: string; bytes: boolean } | undefined;
  try {
    encoded = encodeToolData(data);
    if (call.content) content = encodeToolData(blocks);
  } catch (error) {
    const reason = cutText(toErrorData(error).message.split("\n")[0]!, MAX_LISTED_MESSAGE_BYTES);
    return failure(callError("tool_error", `The tool's result cannot be sent to the script: ${reason}.`));
  }
  const length = encoded.json.length + (content?.json.length ?? 0);
  const size = () => utf8ByteLength(encoded.json) + (content ? utf8ByteLength(content.json) : 0);
  if (length > limit || (length * 3 > limit && size() > limit)) {
    return failure(callError("limit_exceeded", LIMIT_MESSAGES.toolResult(limit)));
  }
  const envelope = okEnvelopeJson(encoded.json, { omitted }, content?.json);
  return { envelope, bytes: encoded.bytes || content?.bytes === true, data: encoded.json };
}

async function callCatalog(call: CallRequest, options: HostCallsOptions): Promise<string> {
  if (!options.catalog || !CATALOG_OPERATIONS.has(call.name)) {
    return failedEnvelopeJson(callError("not_found", `No catalog operation "${call.name}".`));
  }
  try {
    const catalog = options.catalog() as unknown as Record<string, (args: unknown, allowed: AllowFilter) => unknown>;
    const data = await catalog[call.name]!(JSON.parse(call.args), options.allowed);
    return okEnvelopeJson(JSON.stringify(data));
  } catch (error) {
    const data = toErrorData(error);
    return failedEnvelopeJson({ ...data, message: cutText(data.message, options.maxToolResultBytes) });
  }
}

function roundMs(ms: number): number {
  return Math.round(ms * 100) / 100;
}

/** An abort controller whose signal is made when first read: most tools never read it, and a signal costs ~2 µs. */
interface LazyAbort {
  readonly signal: AbortSignal;
  abort(): void;
}

function createLazyAbort(): LazyAbort {
  let controller: AbortController | undefined;
  let aborted = false;
  return {
    get signal() {
      controller ??= new AbortController();
      if (aborted) controller.abort();
      return controller.signal;
    },
    abort() {
      aborted = true;
      controller?.abort();
    },
  };
}
