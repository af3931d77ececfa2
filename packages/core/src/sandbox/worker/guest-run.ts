import type { QuickJSContext, QuickJSHandle, QuickJSRuntime } from "quickjs-emscripten-core";
import type { ExecutionErrorKind, PausedRun, SessionSnapshot } from "../../envelopes/index.js";
import { cutText, ERROR_MESSAGES, LIMIT_MESSAGES } from "../../errors/index.js";
import { MAX_JSON_DEPTH as MAX_RESULT_DEPTH, nestsDeeperThan } from "../../serializer/index.js";
import { ENGINE_BASELINE_PAGES, type RunRequest } from "../protocol.js";
import { bindRunGlobals } from "./bind-run-globals.js";
import { boundStack } from "./call-bounds.js";
import { classifyError, type ClassifiedError } from "./classify-error.js";
import type { GuestEngine } from "./create-guest-engine.js";
import { describeGuestError } from "./describe-guest-error.js";
import type { GuestBridge } from "./guest-bridge.js";
import type { GuestChannel, RunSteps, StopReason } from "./guest-channel.js";
import { prepareStatePiece, type GuestRealm } from "./guest-realm.js";
import { GuestValues } from "./guest-values.js";
import type { RealmGlobals } from "./realm-globals.js";

/**
 * How long a session's state may take to write once the run has ended, past the run's own deadline when the run used
 * all of it: within the pool's grace before it stops the worker (HARD_STOP_GRACE_MS, 250 ms).
 */
const SNAPSHOT_GRACE_MS = 150;

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
  channel: GuestChannel<unknown>;
  realm: GuestRealm;
  /** A session's run: its globals outlive its script (and, with `session.keep`, its realm outlives the run). */
  kept: boolean;
  /**
   * Count the script's work against its deadline as well as the clock: where the clock stands still while code runs
   * (a deployed Cloudflare Worker advances it only on I/O), the work alone ends a loop that never waits.
   */
  countWork?: boolean | undefined;
}

/**
 * Interrupt polls (QuickJS polls about every ten thousand loop turns or calls) a run may make per millisecond of its
 * deadline when its work is counted: several times what this 2-core machine does (1-5 a millisecond), so a fast
 * machine's clock still ends a run first, and a standing clock ends a runaway loop after a few times its deadline.
 */
const POLLS_PER_MS = 20;

/**
 * One run's loop: evaluates the script, runs its jobs, hands its host calls over and waits for their replies until
 * its promise settles or the run is stopped, then reads the result or the error; `teardown` frees the realm.
 */
export class GuestRun {
  retire = false;
  /** A session's state given to this run could not be restored: the realm holds none of it and is not kept. */
  restoreFailed = false;
  /** Keep the realm for the session's next run (see SessionRun.keep) rather than tearing it down. */
  keepRealm: boolean;
  stopReason: StopReason | null = null;
  bridge: GuestBridge | undefined;
  private readonly engine: GuestEngine;
  private readonly request: RunRequest;
  private readonly channel: GuestChannel<unknown>;
  /** Interrupt polls left before the run's work alone ends it (Infinity when only the clock counts). */
  private pollsLeft: number;
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
  /** The realm's session state piece (see SESSION_STATE_SOURCE), made before any script ran in it; the realm frees it. */
  private state: QuickJSHandle | undefined;
  private notRestored: [string, string][] = [];

  constructor({ engine, request, channel, realm, kept, countWork }: GuestRunOptions) {
    this.engine = engine;
    this.request = request;
    this.channel = channel;
    this.kept = kept;
    this.keepRealm = request.session?.keep === true;
    this.started = Date.now();
    this.deadline = this.started + request.limits.timeoutMs;
    this.pollsLeft = countWork ? (request.limits.timeoutMs + (request.record?.creditMs ?? 0)) * POLLS_PER_MS : Infinity;
    ({ runtime: this.runtime, context: this.context, globals: this.globals } = realm);
    const keep = (handle: QuickJSHandle) => this.keep(handle);
    this.values = new GuestValues({ engine, context: this.context, source: request.source, kept, keep });
  }

  /**
   * The run's loop as steps: it yields each time the script waits on the host, and the host that drives it (a worker
   * thread blocking in Atomics.wait, or a host awaiting replies on its own thread) resumes it with what came back.
   */
  *execute(): RunSteps<GuestRunEnd> {
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
    if (request.session) {
      const failed = this.restore(request.session.restore);
      if (failed) return failed;
    }
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
      const replies = yield { runId: request.id, deadline: this.deadlineNow() };
      if (replies === "timeout" || replies === "cancelled") {
        this.stopReason = replies;
        return this.stopped();
      }
      const failed = this.bridge.deliver(replies);
      if (failed) return this.fail(failed, false);
      if (this.stopReason !== null) return this.stopped();
    }
  }

  /**
   * Makes the realm's state piece before anything of a script runs in it (it captures the realm's built-ins), and
   * restores a state into this fresh realm when one is given.
   */
  private restore(state: string | undefined): ClassifiedError | undefined {
    const { context } = this;
    if (!this.globals.statePiece) {
      const failed = prepareStatePiece({ runtime: this.runtime, context, globals: this.globals });
      if (failed) {
        this.restoreFailed = true;
        return this.fail(failed, false);
      }
    }
    this.state = this.globals.statePiece;
    if (state === undefined) return undefined;
    const text = this.keep(context.newString(state));
    const restored = this.callState("restore", text);
    if ("error" in restored) {
      const failure = this.fail(restored.error, false);
      // A snapshot that throws as a whole (it is not one this piece wrote) is lost, and said to be: the script runs
      // without it, and the state it leaves replaces it. A stop or out of memory fails the run, and the stored
      // snapshot stays for the next one.
      if (failure.kind === "ScriptError") {
        this.notRestored = [["every variable", `none was restored: the snapshot could not be read (${failure.message})`]];
        return undefined;
      }
      this.restoreFailed = true;
      return { ...failure, message: `The session's state could not be restored: ${failure.message}` };
    }
    this.notRestored = JSON.parse(restored.value) as [string, string][];
    return undefined;
  }

  /** Names the run could not restore from the state it was given, each with why. */
  get unrestored(): [string, string][] {
    return this.notRestored;
  }

  /**
   * Writes the session's state once the run has ended, however it ended: a run stopped by its deadline or a cancel
   * gets a short time of its own. The outcome of a failure to write says why.
   */
  snapshot(maxBytes: number): SessionSnapshot | ClassifiedError {
    if (!this.state) return { kind: "InternalError", message: "the run ended before its state could be read", stack: null };
    const until = Math.max(Date.now(), this.deadlineNow()) + SNAPSHOT_GRACE_MS;
    this.stopReason = null;
    this.runtime.setInterruptHandler(() => Date.now() > until);
    const limit = this.keep(this.context.newNumber(maxBytes));
    const written = this.callState("snapshot", limit);
    if ("error" in written) {
      const failure = this.fail(written.error, false);
      return failure.kind === "TimeoutExceeded" ? { ...failure, message: "it took too long" } : failure;
    }
    const restored = this.callState("restored");
    if ("error" in restored) return this.fail(restored.error, false);
    const split = written.value.indexOf("\n");
    const [notKept, functions, globals] = JSON.parse(written.value.slice(split + 1)) as [[string, string][], string[], string[]];
    const state = written.value.slice(0, split);
    return { state, notKept, functions, restored: JSON.parse(restored.value) as string[], globals };
  }

  /** Calls a method of the state piece; its answer is a string. */
  private callState(method: "restore" | "snapshot" | "restored", ...args: QuickJSHandle[]): { value: string } | { error: QuickJSHandle } {
    const { context } = this;
    const fn = context.getProp(this.state!, method);
    const called = context.callFunction(fn, this.state!, ...args);
    fn.dispose();
    if (called.error) return { error: called.error };
    const value = this.values.string(called.value);
    called.value.dispose();
    return { value };
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
    // A script computing without a pause still shows its console lines to a listener.
    this.bridge?.sendLogsIfDue();
    if (Date.now() > this.deadlineNow() || --this.pollsLeft < 0) this.stopReason = "timeout";
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
        ? LIMIT_MESSAGES.timeout(timeoutMs)
        : reason === "cancelled"
          ? ERROR_MESSAGES.executionCancelled
          : LIMIT_MESSAGES.hostCalls(maxHostCalls);
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
      return { kind: "ResultTooLarge", message: LIMIT_MESSAGES.result(maxOutputBytes), stack: null };
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
    // An engine error whose message cannot be read (allocating it failed) is as bare.
    const bare =
      text === null ||
      (text.name === null && (text.message === "null" || text.message === "undefined")) ||
      (text.name === "InternalError" && text.message === null);
    const grown = this.engine.memory.buffer.byteLength - ENGINE_BASELINE_PAGES * 65_536;
    if (bare && grown >= Math.min(memoryBytes / 2, memoryBytes - BASELINE_SLACK_BYTES)) {
      return classifyError({ name: "InternalError", message: "out of memory", stack: null }, false, memoryBytes);
    }
    if (text === null) {
      this.retire = true;
      return { kind: "InternalError", message: "Script threw a value that could not be read.", stack: null };
    }
    // The script chose this text: the host gets no more of it than the result could show.
    const classified = classifyError(text, compiling, memoryBytes, this.request.callStyle === "value");
    const stack = classified.stack === null ? null : boundStack(classified.stack);
    return { ...classified, message: cutText(classified.message, this.request.limits.maxOutputBytes), stack };
  }

  /** Settles nothing and frees everything; an abort here (a corrupt heap) retires the worker. */
  teardown(): void {
    try {
      for (const handle of this.handles.reverse()) if (handle.alive) handle.dispose();
      // A session live in this worker keeps its runtime and context for its next run.
      if (this.keepRealm) return this.globals.end();
      this.globals.dispose();
      this.context.dispose();
      this.runtime.dispose();
    } catch {
      // Teardown can abort the whole module (a leaked object, an out-of-memory inside a job): never reuse it.
      this.retire = true;
    }
  }
}
