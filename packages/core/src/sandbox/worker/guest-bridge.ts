import type { QuickJSContext, QuickJSHandle } from "quickjs-emscripten-core";
import { callError, failedEnvelopeJson, type Diagnostic } from "../../envelopes/index.js";
import { createLogBuffer, type LogBuffer } from "./log-buffer.js";
import type { GuestHostKind, HostCallRequest, ReplyBatch, RunOutcome, RunRequest } from "../protocol.js";
import type { GuestChannel, StopReason } from "./guest-channel.js";

type HostResult = QuickJSHandle | { error: QuickJSHandle } | undefined;

/** What the bridge asks of the run that owns it. */
export interface BridgeHooks {
  serialize(value: QuickJSHandle): { json: string } | { error: QuickJSHandle };
  /** A guest string's exact text, lone surrogates included. */
  string(handle: QuickJSHandle): string;
  stop(reason: StopReason): void;
}

/**
 * The worker's side of the guest's one native function: it counts host calls, batches tool and catalog calls for
 * the host, keeps the console lines, and hands each batch of replies to the guest in one call. The promises live in
 * the guest, so no handle of a pending call outlives the run.
 */
export class GuestBridge {
  /** The tools piece's `deliver(text, bytes)`, set when the script first reads `tools` or `catalog`. */
  deliverer: QuickJSHandle | undefined;
  private hostCalls = 0;
  private refusals = 0;
  private nextCallId = 0;
  private outgoing: HostCallRequest[] = [];
  private readonly pending = new Map<number, { name: string; stack: string }>();
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

  /** Answers one call of the guest's native `host(kind, ...)` (GuestHostCalls says what each kind takes and answers). */
  onHost(args: QuickJSHandle[]): HostResult {
    const { context } = this;
    const text = (index: number) => {
      const handle = args[index];
      return handle !== undefined && context.typeof(handle) === "string" ? this.hooks.string(handle) : "";
    };
    // The guest pieces call `host` as GuestHost types it; a kind that is none of those is answered as "invalid" below.
    const kind = text(0) as GuestHostKind;
    if (kind === "show") return context.newString(this.show(args[1]));
    if (kind === "bytes") {
      const bytes = Buffer.from(text(1), "base64");
      return context.newArrayBuffer(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength));
    }
    if (kind === "encode") return context.newString(this.encode(args[1]));
    const isLog = kind === "log";
    const refused = this.count(isLog ? "console" : text(1), isLog);
    if (refused !== null) return refused;
    if (isLog) {
      this.logs.write(text(1));
      return undefined;
    }
    const callId = ++this.nextCallId;
    const name = text(1);
    if (kind === "tool" || kind === "catalog" || kind === "files" || kind === "resources") {
      const stack = text(3);
      const content = kind === "tool" && text(4) === "content" ? { content: true as const } : {};
      this.outgoing.push({ kind, callId, name, args: text(2) || "{}", stack, ...content });
      this.pending.set(callId, { name, stack });
      return context.newNumber(callId);
    }
    // The guest refused the arguments itself: answer at once and let the host record the call.
    const message = text(2) || "Arguments are not JSON.";
    this.outgoing.push({ kind: "note", callId, name, code: "invalid_arguments", message });
    return this.answer("invalid_arguments", message);
  }

  /** The base64 text of an ArrayBuffer the guest passes (bytes a script writes to a file). */
  private encode(value: QuickJSHandle | undefined): string {
    if (value === undefined) return "";
    const lifetime = this.context.getArrayBuffer(value);
    try {
      return Buffer.from(lifetime.value).toString("base64");
    } finally {
      lifetime.dispose();
    }
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
    return isLog ? undefined : this.answer("limit_exceeded", message);
  }

  /** An envelope made on this side, as the JSON text the guest turns into an already settled promise. */
  private answer(code: "invalid_arguments" | "limit_exceeded", message: string): QuickJSHandle {
    return this.context.newString(failedEnvelopeJson(callError(code, message)));
  }

  /** Settles, in one call into the guest, the calls the host answered; returns the guest's error if that fails. */
  deliver(replies: ReplyBatch["replies"]): QuickJSHandle | null {
    let text = "";
    let bytes = false;
    for (const reply of replies) {
      if (!this.pending.delete(reply.callId)) continue;
      text += `${text ? "," : ""}[${reply.callId},${reply.envelope}]`;
      bytes ||= reply.bytes;
    }
    if (!text || !this.deliverer) return null;
    const { context } = this;
    const batch = context.newString(`[${text}]`);
    const delivered = context.callFunction(this.deliverer, context.undefined, batch, bytes ? context.true : context.false);
    batch.dispose();
    if (delivered.error) return delivered.error;
    delivered.value.dispose();
    return null;
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
    const notes = this.outgoing.filter((call) => call.kind === "note");
    this.outgoing = [];
    if (notes.length > 0) this.channel.send({ type: "calls", id: this.request.id, calls: notes, logs: [] });
    const diagnostics: Diagnostic[] = this.logs.diagnostics();
    return { logs: this.logs.takeNew(), diagnostics, unfinishedCalls };
  }
}
