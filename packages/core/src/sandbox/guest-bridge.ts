import type { QuickJSContext, QuickJSDeferredPromise, QuickJSHandle } from "quickjs-emscripten-core";
import type { Diagnostic } from "../code-mode/execution-result.js";
import { createLogBuffer, type LogBuffer } from "./log-buffer.js";
import type { HostCallRequest, ReplyBatch, RunOutcome, RunRequest } from "./protocol.js";
import type { GuestChannel, StopReason } from "./run-guest.js";

type HostResult = QuickJSHandle | { error: QuickJSHandle } | undefined;

/** What the bridge asks of the run that owns it. */
export interface BridgeHooks {
  serialize(value: QuickJSHandle): { json: string } | { error: QuickJSHandle };
  stop(reason: StopReason): void;
}

/**
 * The worker's side of the guest's one native function: it counts host calls, turns tool and catalog calls into
 * deferred promises batched for the host, keeps the console lines, and settles the promises when replies arrive.
 */
export class GuestBridge {
  /** The prelude's `decode(text, bytes)`, which turns a reply's JSON text into the guest's envelope object. */
  decoder: QuickJSHandle | undefined;
  private hostCalls = 0;
  private refusals = 0;
  private nextCallId = 0;
  private outgoing: HostCallRequest[] = [];
  private readonly pending = new Map<number, { deferred: QuickJSDeferredPromise; name: string; stack: string }>();
  private readonly logs: LogBuffer;

  constructor(
    private readonly context: QuickJSContext,
    private readonly request: RunRequest,
    private readonly channel: GuestChannel,
    private readonly hooks: BridgeHooks,
  ) {
    this.logs = createLogBuffer(request.limits.maxLogLines, request.limits.maxLogLineBytes);
  }

  /** Whether any call still waits for a reply from the host. */
  get waiting(): boolean {
    return this.pending.size > 0;
  }

  onHost(args: QuickJSHandle[]): HostResult {
    const { context } = this;
    const text = (index: number) => {
      const handle = args[index];
      return handle !== undefined && context.typeof(handle) === "string" ? context.getString(handle) : "";
    };
    const kind = text(0);
    if (kind === "show") return context.newString(this.show(args[1]));
    if (kind === "bytes") {
      const bytes = Buffer.from(text(1), "base64");
      return context.newArrayBuffer(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength));
    }
    const refused = this.count(kind === "log" ? "console" : text(1), kind === "log");
    if (refused !== null) return refused;
    if (kind === "log") {
      this.logs.write(text(1));
      return undefined;
    }
    const callId = ++this.nextCallId;
    const name = text(1);
    if (kind === "tool" || kind === "catalog") {
      const deferred = context.newPromise();
      const stack = text(3);
      this.outgoing.push({ kind, callId, name, args: text(2) || "{}", stack });
      this.pending.set(callId, { deferred, name, stack });
      return deferred.handle;
    }
    // The guest refused the arguments itself: answer at once and let the host record the call.
    const message = text(2) || "Arguments are not JSON.";
    this.outgoing.push({ kind: "note", callId, name, code: "invalid_arguments", message });
    return this.answer({ ok: false, error: { code: "invalid_arguments", message, retryable: false } });
  }

  private show(value: QuickJSHandle | undefined): string {
    if (value === undefined || this.context.typeof(value) === "undefined") return "undefined";
    const shown = this.hooks.serialize(value);
    if ("json" in shown) return shown.json;
    shown.error.dispose();
    return "[value that cannot be shown]";
  }

  /** Counts one host call: past the limit the first call is refused with an envelope, the next stops the run. */
  private count(name: string, isLog: boolean): HostResult | null {
    const { maxHostCalls } = this.request.limits;
    if (++this.hostCalls <= maxHostCalls) return null;
    if (++this.refusals > 1) {
      this.hooks.stop("host-calls");
      return { error: this.context.newError(`Script made more than ${maxHostCalls} host calls.`) };
    }
    const message = `Script has used all ${maxHostCalls} host calls it may make.`;
    this.outgoing.push({ kind: "note", callId: ++this.nextCallId, name, code: "limit_exceeded", message });
    if (isLog) return undefined;
    return this.answer({ ok: false, error: { code: "limit_exceeded", message, retryable: false } });
  }

  /** A promise already settled with an envelope made on this side. */
  private answer(envelope: unknown): QuickJSHandle {
    const deferred = this.context.newPromise();
    this.settle(deferred, JSON.stringify(envelope), false);
    return deferred.handle;
  }

  private settle(deferred: QuickJSDeferredPromise, envelope: string, bytes: boolean): void {
    const { context } = this;
    const text = context.newString(envelope);
    const decoded = context.callFunction(this.decoder!, context.undefined, text, bytes ? context.true : context.false);
    text.dispose();
    if (decoded.error) {
      deferred.reject(decoded.error);
      decoded.error.dispose();
    } else {
      deferred.resolve(decoded.value);
      decoded.value.dispose();
    }
  }

  /** Settles the promises of the calls the host answered. */
  deliver(replies: ReplyBatch["replies"]): void {
    for (const reply of replies) {
      const call = this.pending.get(reply.callId);
      if (!call) continue;
      this.pending.delete(reply.callId);
      this.settle(call.deferred, reply.envelope, reply.bytes);
    }
  }

  /** Sends the calls made and lines written since the last flush, in one message. */
  flush(): void {
    const logs = this.logs.takeNew();
    if (this.outgoing.length === 0 && logs.length === 0) return;
    this.channel.send({ type: "calls", id: this.request.id, calls: this.outgoing, logs });
    this.outgoing = [];
  }

  /**
   * Ends the run's traffic: calls made in the last tick never reach the host (nothing waits for them any more),
   * notes still go out as records. Returns what the outcome reports.
   */
  finish(): Pick<RunOutcome, "logs" | "diagnostics" | "unfinishedCalls"> {
    const unsent = new Set<number>();
    const unfinishedCalls: RunOutcome["unfinishedCalls"] = [];
    for (const call of this.outgoing) {
      if (call.kind === "note") continue;
      unsent.add(call.callId);
      unfinishedCalls.push({ callId: call.callId, name: call.name, stack: call.stack, sent: false });
    }
    for (const [callId, { name, stack }] of this.pending) {
      if (!unsent.has(callId)) unfinishedCalls.push({ callId, name, stack, sent: true });
    }
    unfinishedCalls.sort((left, right) => left.callId - right.callId);
    this.outgoing = this.outgoing.filter((call) => call.kind === "note");
    const notes = this.outgoing;
    this.outgoing = [];
    if (notes.length > 0) this.channel.send({ type: "calls", id: this.request.id, calls: notes, logs: [] });
    const diagnostics: Diagnostic[] = this.logs.diagnostics();
    return { logs: this.logs.takeNew(), diagnostics, unfinishedCalls };
  }

  /** Frees the deferred promises of calls that never got a reply; they must go before the context does. */
  dispose(): void {
    for (const { deferred } of this.pending.values()) deferred.dispose();
    this.pending.clear();
  }
}
