import type { QuickJSContext, QuickJSHandle, QuickJSRuntime } from "quickjs-emscripten-core";
import type { ExecutionErrorKind } from "../../envelopes/index.js";
import { classifyError, type ClassifiedError, type GuestErrorText } from "./classify-error.js";
import { GuestBridge } from "./guest-bridge.js";
import { GUEST_JSON_SOURCE, MAX_JSON_DEPTH as MAX_RESULT_DEPTH, mayWriteNatively, nestsDeeperThan } from "../../serializer/index.js";
import { ENGINE_BASELINE_PAGES } from "../protocol.js";
import { GUEST_ARGS_SOURCE, GUEST_CONSOLE_SOURCE, GUEST_TOOLS_SOURCE } from "../guest/index.js";
import { readGuestString, readGuestText } from "./read-guest-text.js";
import { RealmGlobals } from "./realm-globals.js";
import type { RunDone, RunRequest } from "../protocol.js";
import type { GuestEngine } from "./create-guest-engine.js";
import type { GuestChannel, StopReason } from "./guest-channel.js";

/**
 * A fresh runtime and context with the globals every run has, made before the run that uses them: creating them is
 * most of a trivial run, so the worker makes the next one while it would otherwise sleep. Each is used by one run
 * only, unless it is a session's.
 */
export interface GuestRealm {
  runtime: QuickJSRuntime;
  context: QuickJSContext;
  globals: RealmGlobals;
}

/** Makes a fresh runtime and context in the engine's module. */
export function createGuestRealm(engine: GuestEngine): GuestRealm {
  const runtime = engine.module.newRuntime();
  try {
    const context = runtime.newContext();
    return { runtime, context, globals: new RealmGlobals(context) };
  } catch (error) {
    runtime.dispose();
    throw error;
  }
}

/** Memory a script may fill inside the engine's baseline before the module's memory grows at all. */
const BASELINE_SLACK_BYTES = 2 * 1024 * 1024;

const STOPS: Record<StopReason, ExecutionErrorKind> = {
  timeout: "TimeoutExceeded",
  cancelled: "Cancelled",
  "host-calls": "HostCallLimit",
};

/**
 * Runs one request in a runtime and context of the worker's module (`realm`, made now when not given), reports the
 * outcome, then tears the realm down (the host need not wait for teardown) unless it is `kept` for a session's next
 * run. Synchronous from start to end: while the script awaits host calls, the worker blocks in Atomics.wait for the
 * replies. Returns false when the module must not be used again.
 */
export function runGuest(
  engine: GuestEngine,
  request: RunRequest,
  channel: GuestChannel,
  report: (done: RunDone) => void,
  realm?: GuestRealm,
  kept = false,
): boolean {
  if (channel.isCancelled(request.id)) {
    const error = { kind: "Cancelled" as const, message: "The execution was cancelled.", stack: null };
    report({ type: "done", id: request.id, retire: false, outcome: { resultJson: null, error, logs: [], diagnostics: [], unfinishedCalls: [] } });
    if (realm && !kept) return disposeRealm(realm);
    return true;
  }
  const run = new GuestRun(engine, request, channel, realm ?? createGuestRealm(engine), kept);
  let result: { json: string | Uint8Array } | ClassifiedError;
  try {
    result = run.execute();
  } catch {
    // A host-side exception here means the module may be corrupt: report it plainly and replace the worker.
    run.retire = true;
    result = { kind: "InternalError", message: "The sandbox failed while running the script.", stack: null };
  }
  const error = "json" in result ? null : result;
  if (error?.kind === "MemoryLimitExceeded") run.retire = true;
  const finished = run.bridge?.finish() ?? { logs: [], diagnostics: [], unfinishedCalls: [] };
  const outcome = { resultJson: "json" in result ? result.json : null, error, ...finished };
  report({ type: "done", id: request.id, retire: run.retire, outcome });
  run.teardown();
  return !run.retire;
}

/** Disposes a realm no run used; false when that fails (the module must not be used again). */
function disposeRealm(realm: GuestRealm): boolean {
  try {
    realm.globals.dispose();
    realm.context.dispose();
    realm.runtime.dispose();
    return true;
  } catch {
    return false;
  }
}

class GuestRun {
  retire = false;
  stopReason: StopReason | null = null;
  bridge: GuestBridge | undefined;
  private readonly deadline: number;
  private readonly context: QuickJSContext;
  private readonly runtime: QuickJSRuntime;
  private readonly globals: RealmGlobals;
  private readonly handles: QuickJSHandle[] = [];
  private host: QuickJSHandle | undefined;
  private serializer: QuickJSHandle | undefined;
  private plainJson: QuickJSHandle | undefined;
  /** Whether large values may be written by native JSON.stringify (see mayWriteNatively); a session's globals outlive its scripts. */
  private writesNatively: boolean | undefined;

  constructor(
    private readonly engine: GuestEngine,
    private readonly request: RunRequest,
    private readonly channel: GuestChannel,
    realm: GuestRealm,
    /** A session's realm: kept for its next run rather than torn down. */
    private readonly kept: boolean,
  ) {
    this.deadline = Date.now() + request.limits.timeoutMs;
    ({ runtime: this.runtime, context: this.context, globals: this.globals } = realm);
  }

  execute(): { json: string | Uint8Array } | ClassifiedError {
    const { runtime, request, context } = this;
    runtime.setMaxStackSize(request.limits.maxStackBytes);
    runtime.setMemoryLimit(request.limits.memoryBytes);
    runtime.setInterruptHandler(() => this.shouldInterrupt());
    this.install(context);
    const evaluated = context.evalCode(request.source, request.fileName);
    if (evaluated.error) return this.fail(evaluated.error, true);
    const promise = this.keep(evaluated.value);
    for (;;) {
      const jobs = runtime.executePendingJobs(-1);
      if (jobs.error) return this.fail(jobs.error, false);
      if (this.stopReason !== null) return this.stopped();
      // Settled first: calls made in the tick that returned are never sent, so they have no side effects.
      const state = context.getPromiseState(promise);
      if (state.type === "fulfilled") return this.result(state.notAPromise ? state.value : this.keep(state.value));
      if (state.type === "rejected") return this.fail(state.error, false);
      this.bridge!.flush();
      if (!this.bridge!.waiting) {
        return { kind: "NeverSettled", message: "Script's promise can never settle: it awaits nothing pending.", stack: null };
      }
      const replies = this.channel.wait(request.id, this.deadlineNow());
      if (replies === "timeout" || replies === "cancelled") {
        this.stopReason = replies;
        return this.stopped();
      }
      const failed = this.bridge!.deliver(replies);
      if (failed) return this.fail(failed, false);
      if (this.stopReason !== null) return this.stopped();
    }
  }

  /** The deadline moved on by the time the run was held waiting for approvals. */
  private deadlineNow(): number {
    return this.deadline + (this.channel.heldMs?.(this.request.id) ?? 0);
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

  /**
   * Binds the realm's lazy globals (`tools`, `catalog`, `console`, ...) to this run: the first read of each compiles
   * the guest piece that replaces it with a plain value, so a run pays only for the globals its script touches.
   */
  private install(context: QuickJSContext): void {
    const bridge = (this.bridge = new GuestBridge(context, this.request, this.channel, {
      serialize: (value) => this.serialize(value),
      string: (handle) => this.string(handle),
      stop: (reason) => (this.stopReason = reason),
    }));
    const globals = this.globals;
    this.host = globals.begin(bridge);
    const lazy = (name: string, load: () => QuickJSHandle | null) => globals.lazy(name, load, this.kept && name === "args");
    const loadTools = () => {
      if (bridge.deliverer) return null;
      const { search, callStyle, files } = this.request;
      const values = callStyle === "value" ? context.true : context.false;
      const withFiles = files === true ? context.true : context.false;
      const made = this.callPiece(GUEST_TOOLS_SOURCE, "codemode:tools", search ? context.true : context.false, values, withFiles);
      if ("error" in made) return made as unknown as QuickJSHandle;
      bridge.deliverer = globals.deliverer = made.value;
      return null;
    };
    lazy("tools", loadTools);
    if (this.request.search) lazy("catalog", loadTools);
    if (this.request.files === true) lazy("files", loadTools);
    if (this.request.callStyle === "value") lazy("ToolCallError", loadTools);
    lazy("args", () => {
      const text = context.newString(this.request.args ?? "[]");
      const made = this.callPieceWith(GUEST_ARGS_SOURCE, "codemode:args", text, this.kept ? context.true : context.false);
      text.dispose();
      if ("error" in made) return made as unknown as QuickJSHandle;
      made.value.dispose();
      return null;
    });
    lazy("console", () => {
      const made = this.callPiece(GUEST_CONSOLE_SOURCE, "codemode:console");
      if ("error" in made) return made as unknown as QuickJSHandle;
      made.value.dispose();
      return null;
    });
  }

  /** Compiles a guest piece and calls it with the native `host` function; a failure is the guest's error. */
  private callPiece(source: string, fileName: string, ...args: QuickJSHandle[]): { value: QuickJSHandle } | { error: QuickJSHandle } {
    return this.callPieceWith(source, fileName, this.host!, ...args);
  }

  /** Compiles a guest piece and calls it with `args`; a failure is the guest's error. */
  private callPieceWith(source: string, fileName: string, ...args: QuickJSHandle[]): { value: QuickJSHandle } | { error: QuickJSHandle } {
    const context = this.context;
    const compiled = context.evalCode(source, fileName);
    if (compiled.error) return { error: compiled.error };
    const made = context.callFunction(compiled.value, context.undefined, ...args);
    compiled.value.dispose();
    return made.error ? { error: made.error } : { value: made.value };
  }

  private stopped(): ClassifiedError {
    const reason = this.stopReason ?? "timeout";
    const { timeoutMs, maxHostCalls } = this.request.limits;
    const message =
      reason === "timeout"
        ? `Script ran past its ${timeoutMs} ms deadline.`
        : reason === "cancelled"
          ? "The execution was cancelled."
          : `Script made more than ${maxHostCalls} host calls.`;
    return { kind: STOPS[reason], message, stack: null };
  }

  /**
   * The JSON text of a guest value. Primitives are read directly; plain objects and arrays go through native
   * `JSON.stringify`; anything else through the serialiser, compiled on first use because parsing it costs more
   * than a whole trivial run. With `asBytes`, large text stays UTF-8 bytes (see readGuestText).
   */
  serialize(value: QuickJSHandle): { json: string } | { error: QuickJSHandle };
  serialize(value: QuickJSHandle, asBytes: boolean): { json: string | Uint8Array } | { error: QuickJSHandle };
  serialize(value: QuickJSHandle, asBytes = false): { json: string | Uint8Array } | { error: QuickJSHandle } {
    const context = this.context;
    const type = context.typeof(value);
    if (type === "undefined") return { json: "null" };
    if (type === "number") return { json: JSON.stringify(context.getNumber(value)) };
    if (type === "string") return { json: JSON.stringify(this.string(value)) };
    // dump() runs guest code for objects only; for a boolean it is a plain read.
    if (type === "boolean") return { json: context.dump(value) === true ? "true" : "false" };
    if (type === "bigint") return { json: JSON.stringify(context.getBigInt(value).toString()) };
    const plain = this.plainJsonOf(value, asBytes);
    if (plain !== null) return plain;
    if (this.serializer === undefined) {
      const compiled = context.evalCode(this.engine.serializerSource, "codemode:serializer");
      if (compiled.error) return { error: compiled.error };
      this.serializer = this.keep(compiled.value);
    }
    const serialized = context.callFunction(this.serializer, context.undefined, value);
    if (serialized.error) return { error: serialized.error };
    const json = context.typeof(serialized.value) === "string" ? this.text(serialized.value, asBytes) : "null";
    serialized.value.dispose();
    return { json };
  }

  /** A guest string's exact text (see readGuestString). */
  string(handle: QuickJSHandle): string {
    return readGuestString(this.engine.module, this.engine.memory, this.context, handle);
  }

  private text(handle: QuickJSHandle, asBytes: boolean): string | Uint8Array {
    return asBytes ? readGuestText(this.engine.module, this.engine.memory, this.context, handle) : this.context.getString(handle);
  }

  private plainJsonOf(value: QuickJSHandle, asBytes: boolean): { json: string | Uint8Array } | { error: QuickJSHandle } | null {
    const context = this.context;
    if (this.plainJson === undefined) {
      const compiled = context.evalCode(GUEST_JSON_SOURCE, "codemode:json");
      if (compiled.error) return { error: compiled.error };
      this.plainJson = this.keep(compiled.value);
    }
    this.writesNatively ??= !this.kept && mayWriteNatively(this.request.source);
    const native = this.writesNatively ? context.true : context.false;
    const written = context.callFunction(this.plainJson, context.undefined, value, native);
    if (written.error) return { error: written.error };
    const json = context.typeof(written.value) === "string" ? this.text(written.value, asBytes) : null;
    written.value.dispose();
    return json === null ? null : { json };
  }

  private result(value: QuickJSHandle): { json: string | Uint8Array } | ClassifiedError {
    const serialized = this.serialize(value, true);
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
    const text = this.stopReason === null ? this.describe(error) : null;
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

  /** Reads a thrown value's name, message and stack on this side; getters run in the guest, under the deadline. */
  private describe(error: QuickJSHandle): GuestErrorText | null {
    const context = this.context;
    const read = (key: string) => {
      try {
        const handle = context.getProp(error, key);
        const value = context.typeof(handle) === "string" ? this.string(handle) : null;
        handle.dispose();
        return value;
      } catch {
        return null;
      }
    };
    try {
      const type = context.typeof(error);
      if (type === "string") return { name: null, message: this.string(error), stack: null };
      if (type !== "object" && type !== "function") return { name: null, message: this.show(error), stack: null };
      const text = { name: read("name"), message: read("message"), stack: read("stack") };
      return text.name === null && text.message === null ? { ...text, message: this.show(error) } : text;
    } catch {
      return null;
    }
  }

  private show(value: QuickJSHandle): string {
    const shown = this.serialize(value);
    if ("json" in shown) return shown.json;
    shown.error.dispose();
    return "a value that cannot be shown";
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
