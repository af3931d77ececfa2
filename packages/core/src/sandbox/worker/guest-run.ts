import type { QuickJSContext, QuickJSHandle, QuickJSRuntime } from "quickjs-emscripten-core";
import type { ExecutionErrorKind, PausedRun } from "../../envelopes/index.js";
import { ERROR_MESSAGES } from "../../errors/index.js";
import { MAX_JSON_DEPTH as MAX_RESULT_DEPTH, nestsDeeperThan } from "../../serializer/index.js";
import { ENGINE_BASELINE_PAGES, type RunRequest } from "../protocol.js";
import { bindRunGlobals } from "./bind-run-globals.js";
import { classifyError, type ClassifiedError } from "./classify-error.js";
import type { GuestEngine } from "./create-guest-engine.js";
import { describeGuestError } from "./describe-guest-error.js";
import type { GuestBridge } from "./guest-bridge.js";
import type { GuestChannel, StopReason } from "./guest-channel.js";
import type { GuestRealm } from "./guest-realm.js";
import { GuestValues } from "./guest-values.js";
import type { RealmGlobals } from "./realm-globals.js";

/** Memory a script may fill inside the engine's baseline before the module's memory grows at all. */
const BASELINE_SLACK_BYTES = 2 * 1024 * 1024;

const STOPS: Record<StopReason, ExecutionErrorKind> = {
  timeout: "TimeoutExceeded",
  cancelled: "Cancelled",
  "host-calls": "HostCallLimit",
  diverged: "ResumeDiverged",
};

/** What a run ended with: the returned value's JSON, an error, or (pause mode) a pause. */
export type GuestRunEnd = { json: string | Uint8Array } | ClassifiedError | { paused: PausedRun };

/** What {@link GuestRun} runs in. */
export interface GuestRunOptions {
  engine: GuestEngine;
  request: RunRequest;
  channel: GuestChannel;
  realm: GuestRealm;
  /** A session's realm: kept for its next run rather than torn down. */
  kept: boolean;
}

/**
 * One run's loop: evaluates the script, runs its jobs, hands its host calls over and waits for their replies until
 * its promise settles or the run is stopped, then reads the result or the error; `teardown` frees the realm.
 */
export class GuestRun {
  retire = false;
  stopReason: StopReason | null = null;
  bridge: GuestBridge | undefined;
  private readonly engine: GuestEngine;
  private readonly request: RunRequest;
  private readonly channel: GuestChannel;
  private readonly kept: boolean;
  private readonly deadline: number;
  private readonly started: number;
  /** When a resumed run's replay ended (null while it replays): the replay's time is credited, up to `creditMs`. */
  private replayEnded: number | null = null;
  private readonly context: QuickJSContext;
  private readonly runtime: QuickJSRuntime;
  private readonly globals: RealmGlobals;
  private readonly handles: QuickJSHandle[] = [];
  private readonly values: GuestValues;

  constructor({ engine, request, channel, realm, kept }: GuestRunOptions) {
    this.engine = engine;
    this.request = request;
    this.channel = channel;
    this.kept = kept;
    this.started = Date.now();
    this.deadline = this.started + request.limits.timeoutMs;
    ({ runtime: this.runtime, context: this.context, globals: this.globals } = realm);
    const keep = (handle: QuickJSHandle) => this.keep(handle);
    this.values = new GuestValues({ engine, context: this.context, source: request.source, kept, keep });
  }

  execute(): GuestRunEnd {
    const { runtime, request, context } = this;
    runtime.setMaxStackSize(request.limits.maxStackBytes);
    runtime.setMemoryLimit(request.limits.memoryBytes);
    runtime.setInterruptHandler(() => this.shouldInterrupt());
    this.bridge = bindRunGlobals({
      context,
      globals: this.globals,
      request,
      channel: this.channel,
      values: this.values,
      kept: this.kept,
      stop: (reason) => (this.stopReason = reason),
    });
    if (this.bridge.clockError) return this.fail(this.bridge.clockError, false);
    const evaluated = context.evalCode(request.source, request.fileName);
    if (evaluated.error) return this.fail(evaluated.error, true);
    const promise = this.keep(evaluated.value);
    for (;;) {
      const jobs = runtime.executePendingJobs(-1);
      if (jobs.error) return this.fail(jobs.error, false);
      if (this.stopReason !== null) return this.stopped();
      // Settled first: calls made in the tick that returned are never sent, so they have no side effects.
      const state = context.getPromiseState(promise);
      if (state.type !== "pending" && this.bridge.replaying) {
        if (state.type === "fulfilled" && !state.notAPromise) this.keep(state.value);
        if (state.type === "rejected") state.error.dispose();
        this.bridge.divergence = { message: "The script ended before it reached the calls it paused at.", stack: null };
        this.stopReason = "diverged";
        return this.stopped();
      }
      if (state.type === "fulfilled") return this.result(state.notAPromise ? state.value : this.keep(state.value));
      if (state.type === "rejected") return this.fail(state.error, false);
      const replayed = this.bridge.replayNext();
      if (replayed !== false) {
        if (replayed !== true) return this.fail(replayed.error, false);
        continue;
      }
      if (this.replayEnded === null) this.replayEnded = Date.now();
      this.bridge.flush();
      if (this.bridge.pausable) return { paused: { ...this.bridge.pausedRun(), elapsedMs: this.elapsedMs() } };
      if (!this.bridge.waiting) {
        return { kind: "NeverSettled", message: "Script's promise can never settle: it awaits nothing pending.", stack: null };
      }
      const replies = this.channel.wait(request.id, this.deadlineNow());
      if (replies === "timeout" || replies === "cancelled") {
        this.stopReason = replies;
        return this.stopped();
      }
      const failed = this.bridge.deliver(replies);
      if (failed) return this.fail(failed, false);
      if (this.stopReason !== null) return this.stopped();
    }
  }

  /** The deadline moved on by the time the run was held waiting for approvals, and by a resumed run's replay. */
  private deadlineNow(): number {
    return this.deadline + (this.channel.heldMs?.(this.request.id) ?? 0) + this.replayCredit();
  }

  /** The replay's time so far, up to the earlier runs' own time: going through it again is not the script's time. */
  private replayCredit(): number {
    const credit = this.request.record?.creditMs ?? 0;
    if (credit === 0) return 0;
    return Math.min(credit, (this.replayEnded ?? Date.now()) - this.started);
  }

  /** The run's own time so far: what the next resumed run's deadline counts as spent. */
  private elapsedMs(): number {
    return Math.max(0, Date.now() - this.started - (this.channel.heldMs?.(this.request.id) ?? 0) - this.replayCredit());
  }

  private keep(handle: QuickJSHandle): QuickJSHandle {
    this.handles.push(handle);
    return handle;
  }

  private shouldInterrupt(): boolean {
    if (this.stopReason !== null) return true;
    if (Date.now() > this.deadlineNow()) this.stopReason = "timeout";
    else if (this.channel.isCancelled(this.request.id)) this.stopReason = "cancelled";
    return this.stopReason !== null;
  }

  private stopped(): ClassifiedError {
    const reason = this.stopReason ?? "timeout";
    const { timeoutMs, maxHostCalls } = this.request.limits;
    if (reason === "diverged") {
      const divergence = this.bridge?.divergence;
      return { kind: STOPS[reason], message: divergence?.message ?? "The script took another path than before the pause.", stack: divergence?.stack ?? null };
    }
    const message =
      reason === "timeout"
        ? `Script ran past its ${timeoutMs} ms deadline.`
        : reason === "cancelled"
          ? ERROR_MESSAGES.executionCancelled
          : `Script made more than ${maxHostCalls} host calls.`;
    return { kind: STOPS[reason], message, stack: null };
  }

  private result(value: QuickJSHandle): { json: string | Uint8Array } | ClassifiedError {
    const serialized = this.values.serialize(value, true);
    if ("error" in serialized) {
      const failure = this.fail(serialized.error, false);
      if (failure.kind !== "ScriptError") return failure;
      return { ...failure, message: `The returned value could not be serialised: ${failure.message}` };
    }
    if (this.stopReason !== null) return this.stopped();
    const { maxOutputBytes } = this.request.limits;
    // Bytes are at least UTF-16 units, so a longer string is certainly too large; the host checks the exact size.
    if (serialized.json.length > maxOutputBytes) {
      return { kind: "ResultTooLarge", message: `Script's result is larger than ${maxOutputBytes} bytes.`, stack: null };
    }
    if (nestsDeeperThan(serialized.json, MAX_RESULT_DEPTH)) {
      return { kind: "ResultTooLarge", message: `Script's result is nested deeper than ${MAX_RESULT_DEPTH} levels.`, stack: null };
    }
    return serialized;
  }

  /** Classifies a thrown guest value and disposes its handle. */
  private fail(error: QuickJSHandle, compiling: boolean): ClassifiedError {
    const text = this.stopReason === null ? describeGuestError(this.context, error, this.values) : null;
    error.dispose();
    if (this.stopReason !== null) return this.stopped();
    const { memoryBytes } = this.request.limits;
    // Out of memory while throwing out-of-memory, QuickJS throws a bare null. The memory's growth past the engine's
    // 16 MiB baseline tells it from `throw null`: small allocations first fill up to about 2 MiB left free inside the
    // baseline, so a limit that small cannot be told apart and any bare null counts as out of memory.
    const bare = text === null || (text.name === null && (text.message === "null" || text.message === "undefined"));
    const grown = this.engine.memory.buffer.byteLength - ENGINE_BASELINE_PAGES * 65_536;
    if (bare && grown >= Math.min(memoryBytes / 2, memoryBytes - BASELINE_SLACK_BYTES)) {
      return classifyError({ name: "InternalError", message: "out of memory", stack: null }, false, memoryBytes);
    }
    if (text === null) {
      this.retire = true;
      return { kind: "InternalError", message: "Script threw a value that could not be read.", stack: null };
    }
    return classifyError(text, compiling, memoryBytes, this.request.callStyle === "value");
  }

  /** Settles nothing and frees everything; an abort here (a corrupt heap) retires the worker. */
  teardown(): void {
    try {
      for (const handle of this.handles.reverse()) if (handle.alive) handle.dispose();
      // A session keeps its runtime and context for its next run; its worker is terminated when it ends.
      if (this.kept) return this.globals.end();
      this.globals.dispose();
      this.context.dispose();
      this.runtime.dispose();
    } catch {
      // Teardown can abort the whole module (a leaked object, an out-of-memory inside a job): never reuse it.
      this.retire = true;
    }
  }
}
