import type { QuickJSContext, QuickJSHandle, VmCallResult } from "quickjs-emscripten-core";
import { callError, failedEnvelopeJson, type Diagnostic, type RunRecord } from "../../envelopes/index.js";
import { LIMIT_MESSAGES } from "../../errors/index.js";
import { MAX_TOOL_NAME_LENGTH } from "../../tools/index.js";
import { boundMessage, boundStack, CallBounds, longName, refuseLongName, type Refusal } from "./call-bounds.js";
import { createLogBuffer, type LogBuffer } from "./log-buffer.js";
import { LIVE_LOG_BATCH_LINES, LIVE_LOG_FLUSH_MS, type GuestHostKind, type HostCallRequest, type ReplyBatch, type RunOutcome, type RunRequest } from "../protocol.js";
import type { GuestChannel, StopReason } from "./guest-channel.js";
import type { HostAnswer } from "./new-host-function.js";
import { RunRecorder } from "./run-recorder.js";
import { fromBase64, toBase64 } from "../../portable/index.js";

/** What the bridge asks of the run that owns it. */
export interface BridgeHooks {
  serialize(value: QuickJSHandle): { json: string } | { error: QuickJSHandle };
  /** A guest string's exact text, lone surrogates included. */
  string(handle: QuickJSHandle): string;
  /** Calls a guest function with `this` undefined, as `context.callFunction` does. */
  call(fn: QuickJSHandle, ...args: QuickJSHandle[]): VmCallResult<QuickJSHandle>;
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
  private readonly bounds: CallBounds;
  /** Someone listens: console lines go to the host as they are written (see RunRequest.live). */
  private readonly live: boolean;
  private logsSentAt = Date.now();
  private droppedSent = 0;
  /** Present when the run may pause: its record, and its replay when resumed. */
  private readonly recorder: RunRecorder | undefined;
  /** Calls the host answered with `paused`: they wait for a person's decision and get no envelope in this run. */
  private readonly paused = new Set<number>();
  /** Where and how a resumed run left the recorded path; the run then stops with ResumeDiverged. */
  divergence: { message: string; stack: string | null } | undefined;
  /** The guest's error when installing the recorded clock failed (it cannot, short of running out of memory). */
  clockError: QuickJSHandle | undefined;

  constructor(
    private readonly context: QuickJSContext,
    private readonly request: RunRequest,
    private readonly channel: GuestChannel<unknown>,
    private readonly hooks: BridgeHooks,
  ) {
    this.logs = createLogBuffer(request.limits.maxLogLines, request.limits.maxLogLineBytes);
    this.bounds = new CallBounds(request.limits);
    this.live = request.live === true;
    this.recorder = request.record ? new RunRecorder(request.record) : undefined;
  }

  /** Whether the run should pause now: every call it waits on waits for a person, and nothing else is in flight. */
  get pausable(): boolean {
    if (this.pending.size === 0 || this.outgoing.length > 0) return false;
    for (const callId of this.pending.keys()) if (!this.paused.has(callId)) return false;
    return true;
  }

  /** Whether a resumed run is still replaying what it did before it paused. */
  get replaying(): boolean {
    return this.recorder?.replaying === true;
  }

  /** Whether any call still waits for a reply from the host. */
  get waiting(): boolean {
    return this.pending.size > 0;
  }

  /** Answers one call of the guest's native `host(kind, ...)` (GuestHostCalls says what each kind takes and answers). */
  onHost(args: QuickJSHandle[]): HostAnswer {
    const { context } = this;
    const text = (index: number) => {
      const handle = args[index];
      return handle !== undefined && context.typeof(handle) === "string" ? this.hooks.string(handle) : "";
    };
    // The guest pieces call `host` as GuestHost types it; a kind that is none of those is answered as "invalid" below.
    const kind = text(0) as GuestHostKind;
    // Past a divergence nothing more is answered: the run stops at the next interrupt check or turn of its loop.
    if (this.divergence) return { error: context.newError(this.divergence.message) };
    if (kind === "now") return context.newNumber(this.recorder ? this.recorder.now() : Date.now());
    if (kind === "show") return context.newString(this.show(args[1]));
    if (kind === "bytes") {
      const bytes = fromBase64(text(1));
      return context.newArrayBuffer(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer);
    }
    if (kind === "encode") return context.newString(this.encode(args[1]));
    // Whatever the script chose crosses to the host bounded: names, stacks, reasons, each call's arguments and the run's.
    if (kind === "log") {
      const refused = this.count("console", true);
      if (refused !== null) return refused;
      this.logs.write(text(1));
      // A full batch goes at once; otherwise the interrupt handler and the run loop send lines on time.
      if (this.live && this.logs.waiting >= LIVE_LOG_BATCH_LINES) this.sendLogsIfDue();
      return undefined;
    }
    // A name longer than any tool's is never read out of the guest: its length is all that is needed.
    const nameLength = this.lengthOf(args[1]);
    const name = nameLength > MAX_TOOL_NAME_LENGTH ? longName(nameLength) : text(1);
    const refused = this.count(name, false);
    if (refused !== null) return refused;
    const callId = ++this.nextCallId;
    if (kind === "tool" || kind === "catalog" || kind === "files" || kind === "resources") {
      const stack = boundStack(text(3));
      if (nameLength > MAX_TOOL_NAME_LENGTH) return this.refuse(callId, refuseLongName(kind, name), stack);
      const content = kind === "tool" && text(4) === "content" ? { content: true as const } : {};
      const callArgs = text(2) || "{}";
      const refusal = this.bounds.check(name, callArgs);
      if (refusal) return this.refuse(callId, refusal, stack);
      const verdict = this.recorder?.call(callId, kind, name, callArgs, content.content) ?? "send";
      if (typeof verdict === "object") return this.diverge(verdict.diverged, stack);
      if (verdict === "send") this.outgoing.push({ kind, callId, name, args: callArgs, stack, ...content });
      this.pending.set(callId, { name, stack });
      return context.newNumber(callId);
    }
    // The guest refused the arguments itself: answer at once and let the host record the call.
    const message = boundMessage(text(2) || "Arguments are not JSON.");
    return this.refuse(callId, { name, code: "invalid_arguments", message }, boundStack(text(3)));
  }

  /** The length of a guest string, read without copying it out; 0 for anything else. */
  private lengthOf(handle: QuickJSHandle | undefined): number {
    if (handle === undefined || this.context.typeof(handle) !== "string") return 0;
    // A string primitive's length is its own, not a getter a script could replace.
    const length = this.context.getProp(handle, "length");
    try {
      return this.context.getNumber(length);
    } finally {
      length.dispose();
    }
  }

  /** Answers a call at once with a failed envelope, and lets the host record it without seeing more than the bounds allow. */
  private refuse(callId: number, { name, code, message }: Refusal, stack: string): HostAnswer {
    const verdict = this.recorder?.call(callId, "note", name);
    if (typeof verdict === "object") return this.diverge(verdict.diverged, stack);
    this.outgoing.push({ kind: "note", callId, name, code, message });
    return this.answer(code, message);
  }

  /** The base64 text of an ArrayBuffer the guest passes (bytes a script writes to a file). */
  private encode(value: QuickJSHandle | undefined): string {
    if (value === undefined) return "";
    const lifetime = this.context.getArrayBuffer(value);
    try {
      return toBase64(lifetime.value);
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
  private count(name: string, isLog: boolean): HostAnswer | null {
    const { maxHostCalls } = this.request.limits;
    if (++this.hostCalls <= maxHostCalls) return null;
    if (++this.refusals > 1) {
      this.hooks.stop("host-calls");
      return { error: this.context.newError(LIMIT_MESSAGES.hostCalls(maxHostCalls)) };
    }
    const message = `Script has used all ${maxHostCalls} host calls it may make.`;
    const callId = ++this.nextCallId;
    const verdict = this.recorder?.call(callId, "note", name);
    if (typeof verdict === "object") return this.diverge(verdict.diverged, null);
    this.outgoing.push({ kind: "note", callId, name, code: "limit_exceeded", message });
    return isLog ? undefined : this.answer("limit_exceeded", message);
  }

  /** Stops a resumed run that left the recorded path; the guest's call throws, and nothing more is answered. */
  private diverge(message: string, stack: string | null): HostAnswer {
    this.divergence = { message, stack };
    this.hooks.stop("diverged");
    return { error: this.context.newError(message) };
  }

  /**
   * Delivers the next recorded group of replies while a resumed run replays; true when it delivered (or found the
   * run diverged), so the run loop turns again before waiting on the host.
   */
  replayNext(): boolean | { error: QuickJSHandle } {
    if (!this.recorder?.replaying) return false;
    const next = this.recorder.nextDelivery((callId) => this.pending.has(callId));
    if (next === null) return false;
    if (!Array.isArray(next)) {
      this.diverge(next.diverged, null);
      return true;
    }
    const failed = this.deliver(next, true);
    return failed ? { error: failed } : true;
  }

  /** The record of a run that pauses now, and the calls it waits on. */
  pausedRun(): { record: RunRecord; pending: number[] } {
    return { record: this.recorder!.record(), pending: [...this.paused].filter((id) => this.pending.has(id)).sort((a, b) => a - b) };
  }

  /** An envelope made on this side, as the JSON text the guest turns into an already settled promise. */
  private answer(code: Refusal["code"], message: string): QuickJSHandle {
    return this.context.newString(failedEnvelopeJson(callError(code, message)));
  }

  /** Settles, in one call into the guest, the calls the host answered; returns the guest's error if that fails. */
  deliver(replies: ReplyBatch["replies"], replayed = false): QuickJSHandle | null {
    let text = "";
    let bytes = false;
    const settled: ReplyBatch["replies"] = [];
    for (const reply of replies) {
      if (reply.paused) {
        if (this.pending.has(reply.callId)) this.paused.add(reply.callId);
        continue;
      }
      if (!this.pending.delete(reply.callId)) continue;
      settled.push(reply);
      text += `${text ? "," : ""}[${reply.callId},${reply.envelope}]`;
      bytes ||= reply.bytes;
    }
    if (!replayed) this.recorder?.delivered(settled);
    if (!text || !this.deliverer) return null;
    const { context } = this;
    const batch = context.newString(`[${text}]`);
    const delivered = this.hooks.call(this.deliverer, batch, bytes ? context.true : context.false);
    batch.dispose();
    if (delivered.error) return delivered.error;
    delivered.value.dispose();
    return null;
  }

  /** Sends the calls made and lines written since the last flush, in one message. */
  flush(): void {
    const logs = this.logs.takeNew();
    // While a resumed run replays, its calls past the record wait: a divergence found later must find nothing run.
    const holding = this.replaying;
    if ((holding || this.outgoing.length === 0) && logs.length === 0 && !this.droppedNews()) return;
    this.channel.send({ type: "calls", id: this.request.id, calls: holding ? [] : this.outgoing, logs, ...this.dropped() });
    if (!holding) this.outgoing = [];
  }

  /**
   * A live run's console lines, sent while the script runs: when LIVE_LOG_FLUSH_MS have passed since the last lines
   * went (the interrupt handler asks every ten thousand bytecode steps), or a batch is full. Only lines: a call made
   * now may yet never be sent (see `finish`).
   */
  sendLogsIfDue(): void {
    if (!this.live || (this.logs.waiting === 0 && !this.droppedNews())) return;
    const now = Date.now();
    if (this.logs.waiting < LIVE_LOG_BATCH_LINES && now - this.logsSentAt < LIVE_LOG_FLUSH_MS) return;
    this.channel.send({ type: "calls", id: this.request.id, calls: [], logs: this.logs.takeNew(), ...this.dropped() });
  }

  /** Whether a live run dropped lines it has not told the host about. */
  private droppedNews(): boolean {
    return this.live && this.logs.dropped !== this.droppedSent;
  }

  /** A live run's count of dropped lines, for a message about to go out; it starts the next interval too. */
  private dropped(): { dropped?: number } {
    if (!this.live) return {};
    this.logsSentAt = Date.now();
    this.droppedSent = this.logs.dropped;
    return { dropped: this.droppedSent };
  }

  /**
   * Ends the run's traffic: calls made in the last tick never reach the host (nothing waits for them any more),
   * notes still go out as records. Returns what the outcome reports.
   */
  finish(paused = false): Pick<RunOutcome, "logs" | "diagnostics" | "unfinishedCalls"> {
    const unsent = new Set<number>();
    const unfinishedCalls: RunOutcome["unfinishedCalls"] = [];
    // A paused run waits only on calls for a person; a diverged one sent nothing it still waits on.
    if (paused || this.divergence) {
      this.pending.clear();
      this.outgoing = this.outgoing.filter((call) => call.kind === "note");
    }
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
    // A live run's last lines go the way the others went, so the host tells its listener of them before the end.
    const last = this.live ? this.logs.takeNew() : [];
    if (notes.length > 0 || last.length > 0 || this.droppedNews()) {
      this.channel.send({ type: "calls", id: this.request.id, calls: notes, logs: last, ...this.dropped() });
    }
    const diagnostics: Diagnostic[] = this.logs.diagnostics();
    return { logs: this.logs.takeNew(), diagnostics, unfinishedCalls };
  }
}
