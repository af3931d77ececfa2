import { platform } from "#platform";
import { createToolCatalog, type ToolCatalog } from "../catalog/index.js";
import { unavailableChecker } from "../check/index.js";
import { CodeModeError, ERROR_MESSAGES, isCodeModeError } from "../errors/index.js";
import { resolveLimits, type ExecutionLimits } from "../limits/index.js";
import { createEventSink, createHostCalls, endEventOf, type EventSink, type PoolJob, type RunOutcome, type RunRecording, type WorkerPool, type WorkerPoolOptions } from "../sandbox/index.js";
import { createSessions, readSessionTarget, type SessionTarget } from "../session/index.js";
import { isParseError, locateError, parsePositionOf, prepareScript, type PreparedScript } from "../script/index.js";
import { loadTypeStripperFor } from "./load-type-stripper.js";
import { fitResult, SERIALIZER_SOURCE } from "../serializer/index.js";
import { FILES_DECLARATION } from "../workspace/index.js";
import { RESOURCES_DECLARATION } from "../resources/index.js";
import { createAllowFilter, createResourceAllowFilter, createToolRegistry, type AllowFilter, type ToolDefinition, type ToolRegistry } from "../tools/index.js";
import type { CodeMode, CreateCodeModeOptions, ExecuteOptions, ResumeOptions } from "./code-mode.js";
import { openContinuation, pausesApprovals, readPauseSettings, startPauseRun, suspend, type PauseRun } from "./pause-runs.js";
import { failedResult, type CheckDiagnostic, type Diagnostic, type ExecutionResult, type JsonValue } from "../envelopes/index.js";
import { createScriptCheck, parseErrorResult, refusedResult, uncheckedDiagnostic } from "./script-check.js";
import { encodeScriptArgs } from "./encode-script-args.js";
import { createHostCatalog } from "./host-catalog.js";
import { combineHooks, loadOpenTelemetry, startExecutionSpans } from "./open-telemetry.js";
import { readOptions } from "./read-options.js";
import { createRunToolSets, readRunGlobals, type RunGlobals } from "./run-globals.js";
import { toPrinted } from "./to-printed.js";
import { runtimeName, utf8ByteLength } from "../portable/index.js";
import type { EngineKind } from "../platform/index.js";

type SandboxPoolFactory = (options: WorkerPoolOptions) => WorkerPool;

interface ToolSet {
  registry: ToolRegistry;
  catalog(): ToolCatalog;
}

/** One run as `execute` and `resume` hand it over. */
interface RunSpec {
  code: string;
  started: number;
  allowed: AllowFilter;
  /** The allowlist's patterns, kept in a continuation. */
  allow: readonly string[] | undefined;
  args: string | undefined;
  target: SessionTarget | undefined;
  options: Pick<ExecuteOptions, "signal" | "context" | "owner" | "traceAttributes">;
  /** Where the run's events go; absent when nobody listens. */
  events: EventSink | undefined;
  pauseRun: PauseRun | undefined;
  /** The run's own tools, reached as globals of the script. */
  globals?: RunGlobals | undefined;
  /** The tool set a resumed run checked its continuation against; absent takes the current one. */
  tools?: ToolSet;
}

/** What the worker records and replays for a run of pause mode. */
function recordingOf(run: PauseRun): RunRecording {
  return { seed: run.seed, ...(run.replay ? { replay: run.replay, creditMs: run.usedMs } : {}) };
}

/** A value as JSON data: validated arguments may hold values (a Date) that JSON writes otherwise. */
function toJson(value: unknown): JsonValue {
  try {
    return (JSON.parse(JSON.stringify(value ?? null)) as JsonValue) ?? null;
  } catch {
    return null;
  }
}

/** Engines on the host's thread by default: runs overlap only while they wait for tools, and each engine costs memory. */
const IN_PROCESS_POOL_SIZE = 2;

/** The engine the options ask for, when the runtime offers it. */
function readEngine(engine: unknown): EngineKind {
  if (engine === undefined) return platform.engines[0]!;
  if (typeof engine === "string" && (platform.engines as readonly string[]).includes(engine)) return engine as EngineKind;
  const offered = platform.engines.map((kind) => `"${kind}"`).join(" or ");
  throw new CodeModeError("INVALID_OPTIONS", `engine ${JSON.stringify(engine)} is not available on ${runtimeName()}: use ${offered}.`, {
    details: { option: "engine" },
  });
}

/**
 * Creates a sandbox that runs model-written scripts against host tools, in a pool of worker threads (or, with
 * `engine: "in-process"` and where the runtime has no threads, on the host's own thread).
 *
 * @example
 * const codeMode = createCodeMode({ tools: [listInvoices], limits: { timeoutMs: 5000 } });
 * const result = await codeMode.execute("const r = await tools.billing.list_invoices({}); return r.data.length;");
 * await codeMode.close();
 */
export function createCodeMode(options: CreateCodeModeOptions = {}): CodeMode {
  const limits = resolveLimits(options.limits);
  const engine = readEngine(options.engine);
  const poolSize = options.poolSize ?? (engine === "workers" ? platform.cpuCount() : IN_PROCESS_POOL_SIZE);
  if (!Number.isSafeInteger(poolSize) || poolSize < 1) {
    throw new CodeModeError("INVALID_OPTIONS", `poolSize must be a positive integer, got ${String(poolSize)}.`);
  }
  const withCatalog = options.search !== false;
  const { callStyle, output, check: checkMode, trace } = readOptions(options, platform.scriptChecker ? "refuse" : "off");
  const workspace = options.workspace ? platform.createWorkspaces(options.workspace) : undefined;
  const hooks = { onToolCallStart: options.onToolCallStart, onToolCallEnd: options.onToolCallEnd };
  const toToolSet = (tools: readonly ToolDefinition[]): ToolSet => {
    const registry = createToolRegistry(tools);
    let catalog: ToolCatalog | undefined;
    return { registry, catalog: () => (catalog ??= createToolCatalog(registry.tools, options.catalog, callStyle)) };
  };
  let toolSet = toToolSet(options.tools ?? []);
  const runToolSets = createRunToolSets<ToolSet>((base, globals) => toToolSet([...base.registry.tools.map((tool) => tool.definition), ...globals.definitions]));
  const createPool: SandboxPoolFactory = (poolOptions) => platform.createPool(engine, poolOptions);
  const pool = createPool({
    size: poolSize,
    memoryBytes: limits.memoryBytes,
    maxStackBytes: limits.maxStackBytes,
    serializerSource: SERIALIZER_SOURCE,
  });
  // The first worker starts now, in the background: a thread and its engine take longer than most runs.
  pool.warm();
  const { memoryBytes, maxStackBytes } = limits;
  const sessions = options.sessions
    ? createSessions(options.sessions, { memoryBytes, maxStackBytes, serializerSource: SERIALIZER_SOURCE, createPool }, runLimits(limits))
    : undefined;
  const prepare = createPrepareCache(limits);
  const findTool = options.findTool
    ? async (name: string, signal: AbortSignal) => {
        const found = await options.findTool!(name, { signal });
        return found ? createToolRegistry([found]).get(name) : undefined;
      }
    : undefined;
  const globals = () => `${workspace ? `${FILES_DECLARATION}\n` : ""}${options.resources ? `${RESOURCES_DECLARATION}\n` : ""}`;
  // The checker is a compiler process shared by the code modes of the process, started on the first check; what it
  // needs loads now, in the background, as the pool's first worker starts.
  const scriptCheck = createScriptCheck(withCatalog, globals, platform.scriptChecker?.hold() ?? unavailableChecker(runtimeName()));
  if (checkMode !== "off") scriptCheck.preload();
  const pause = readPauseSettings(options.approvals, limits.maxOutputBytes);
  let closed = false;

  async function execute(code: string, executeOptions: ExecuteOptions = {}): Promise<ExecutionResult> {
    if (closed) throw new CodeModeError("CLOSED", "This code mode is closed; create a new one to run scripts.");
    const started = performance.now();
    // A caller's mistake throws, like a bad allowlist, rather than becoming the script's failure.
    const globals = readRunGlobals(executeOptions.globals);
    const allowed = globals ? globals.admit(createAllowFilter(executeOptions.allow)) : createAllowFilter(executeOptions.allow);
    const args = encodeScriptArgs(executeOptions.args, limits.maxCodeBytes);
    const target = readSessionTarget(executeOptions, sessions !== undefined);
    const pausing = pausesApprovals(executeOptions.approvals, pause, target !== undefined);
    if (globals && (target || pausing)) {
      const why = target ? "a session keeps its realm for later runs" : "a paused run resumes without them";
      throw new CodeModeError("INVALID_OPTIONS", `globals belong to one run, and ${why}: pass globals without ${target ? "sessionId" : "pause mode"}.`, {
        details: { option: "globals" },
      });
    }
    // The worker's thread wakes while the script is prepared below, rather than after.
    if (!target) pool.expect();
    const pauseRun = pausing ? await startPauseRun() : undefined;
    const events = createEventSink(executeOptions.onEvent, started);
    return run({ code, started, allowed, allow: executeOptions.allow, args, target, options: executeOptions, events, pauseRun, globals });
  }

  async function resume(continuation: string, resumeOptions: ResumeOptions): Promise<ExecutionResult> {
    if (closed) throw new CodeModeError("CLOSED", "This code mode is closed; create a new one to run scripts.");
    if (!pause) throw new CodeModeError("INVALID_OPTIONS", "resume needs a secret to check continuations: createCodeMode({ approvals: { mode: \"pause\", secret } }).");
    if (typeof resumeOptions !== "object" || resumeOptions === null || typeof resumeOptions.owner !== "string") {
      throw new CodeModeError("INVALID_OPTIONS", "resume: owner must be a string (the paused run's owner, \"\" by default).", { details: { option: "owner" } });
    }
    const started = performance.now();
    const events = createEventSink(resumeOptions.onEvent, started);
    const refused = (result: ExecutionResult) => {
      const ended = { ...result, durationMs: Math.round(performance.now() - started) };
      events?.(endEventOf(ended));
      return ended;
    };
    // Checked before the claim: a resume cancelled before it starts leaves the continuation usable.
    if (resumeOptions.signal?.aborted) return refused(failedResult({ kind: "Cancelled", message: ERROR_MESSAGES.executionCancelled, line: null, column: null }));
    const tools = toolSet;
    let opened: Awaited<ReturnType<typeof openContinuation>>;
    try {
      opened = await openContinuation({
        settings: pause,
        continuation,
        owner: resumeOptions.owner,
        decisions: resumeOptions.decisions,
        code: resumeOptions.code,
        tools: tools.registry.tools,
      });
    } catch (error) {
      if (isCodeModeError(error)) throw error;
      // The store's own error stays on the host: it may name hosts or keys.
      opened = failedResult({ kind: "InternalError", message: "The continuation store failed, so the run was not resumed; nothing ran.", line: null, column: null });
    }
    if ("status" in opened) return refused(opened);
    const { body, run: pauseRun } = opened;
    pool.expect();
    return run({
      code: body.code,
      started,
      allowed: createAllowFilter(body.allow),
      allow: body.allow,
      args: body.args,
      target: undefined,
      options: resumeOptions,
      events,
      pauseRun,
      tools,
    });
  }

  async function run(spec: RunSpec): Promise<ExecutionResult> {
    const { code, started, allowed, args, target, options: runOptions, events, pauseRun } = spec;
    const openTelemetry = await loadOpenTelemetry();
    const spans = openTelemetry ? startExecutionSpans(openTelemetry, runOptions.traceAttributes) : null;
    const finish = (result: Omit<ExecutionResult, "durationMs">, returned?: Returned) => {
      const shown = output === "printed" ? { ...result, output } : result;
      // The returned value's size is known from its JSON text unless printed output replaced the value.
      const resultBytes = returned && shown.result === returned.value ? returned.bytes : undefined;
      const fitted = fitResult({ ...shown, durationMs: Math.round(performance.now() - started) }, limits.maxOutputBytes, resultBytes);
      spans?.end(fitted);
      events?.(endEventOf(fitted));
      return fitted;
    };
    let prepared: PreparedScript;
    try {
      await loadTypeStripperFor(code);
      prepared = prepare(code);
    } catch (error) {
      const parseError =
        isParseError(error)
          ? { kind: "ParseError" as const, message: error.message, ...parsePositionOf(error) }
          : { kind: "InternalError" as const, message: "The script could not be prepared.", line: null, column: null };
      return finish(failedResult(parseError));
    }
    const { globals } = spec;
    const tools = globals ? runToolSets(spec.tools ?? toolSet, globals) : (spec.tools ?? toolSet);
    // Refused before anything ran: no tool is called and no hook fires. "warn" checks while the script runs.
    const checking = checkMode === "off" ? undefined : checkBeforeRun(code, tools, allowed, globals?.declarations);
    const checked = checkMode === "refuse" ? await checking : undefined;
    if (checked && "refused" in checked) return finish(refusedResult(checked.refused));
    const calls = createHostCalls({
      tools: globals ? (name) => globals.own(tools.registry.get(name)) : (name) => tools.registry.get(name),
      findTool,
      allTools: () => tools.registry.tools,
      allowed,
      allowedResources: createResourceAllowFilter(spec.allow),
      catalog: withCatalog ? tools.catalog : undefined,
      files: workspace?.(runOptions.owner ?? ""),
      resources: options.resources,
      context: runOptions.context,
      maxConcurrentCalls: limits.maxConcurrentCalls,
      maxToolResultBytes: limits.maxToolResultBytes,
      trace,
      hooks: combineHooks(hooks, spans?.hooks),
      events,
      approve: options.approve,
      approvalTimeoutMs: limits.approvalTimeoutMs,
      ...(pauseRun ? { pause: { runId: pauseRun.runId, decisions: pauseRun.decisions } } : {}),
    });
    const job: PoolJob = {
      request: {
        source: prepared.source,
        fileName: prepared.fileName,
        limits: runLimits(limits, pauseRun?.usedMs ?? 0),
        search: withCatalog,
        ...(workspace ? { files: true } : {}),
        ...(options.resources ? { resources: true } : {}),
        args,
        ...(globals ? { globals: globals.names } : {}),
        ...(callStyle === "value" ? { callStyle } : {}),
        ...(pauseRun ? { record: recordingOf(pauseRun) } : {}),
        ...(events ? { live: true as const } : {}),
      },
      onCalls: (batch, reply, hold) => calls.handle(batch, reply, hold),
      signal: runOptions.signal,
    };
    // A session's runs go to its own worker, one after another; the others to the shared pool.
    const { outcome, sessionId } = target ? await sessions!.run(target, job) : { outcome: await pool.run(job), sessionId: undefined };
    const unsent = outcome.unfinishedCalls.filter((call) => !call.sent);
    const toolCalls = calls.finish(unsent);
    const logs = [...calls.logs, ...outcome.logs];
    const found = checked ?? (await checking);
    const diagnostics = [...(found && "diagnostics" in found ? found.diagnostics : []), ...outcome.diagnostics, ...unfinishedDiagnostics(outcome, prepared)];
    if (outcome.paused && pauseRun && pause) {
      const lineOf = (stack: string | undefined) => (stack ? (locateError(stack, prepared)?.line ?? null) : null);
      const pausedCalls = calls.paused();
      const record = outcome.paused.record;
      for (const call of record.calls) {
        const line = call.line ?? lineOf(calls.stacks.get(call.id)) ?? undefined;
        if (line !== undefined) call.line = line;
      }
      const continuation = await suspend({
        settings: pause,
        run: pauseRun,
        paused: outcome.paused,
        pending: pausedCalls.map(({ callId, tool }) => ({ callId, tool })),
        code,
        args,
        allow: spec.allow,
        owner: runOptions.owner ?? "",
        tools: tools.registry.tools,
      }).catch(() => null);
      if (continuation === null) {
        // The calls before the pause ran; the model must know, and that the paused ones did not.
        const message = `The run paused for approval but the continuation store failed, so it cannot be resumed; ${pausedCalls.length} call(s) waiting for approval did not run.`;
        return finish({ status: "failed", result: null, error: { kind: "InternalError", message, line: null, column: null }, diagnostics, logs, toolCalls });
      }
      const pending = pausedCalls.map(({ callId, tool, arguments: callArgs, stack }) => ({ callId, tool, arguments: toJson(callArgs), line: lineOf(stack) }));
      return finish({ status: "paused", result: null, error: null, diagnostics, logs, toolCalls, pending, continuation });
    }
    const { result, error, bytes } = readOutcome(outcome);
    // An uncaught ToolCallError: list every call with its outcome, so the model does not repeat one that changed state.
    const message = error?.kind === "ToolCallFailed" ? `${error.message}. Tool calls in submission order: ${calls.describe(limits.maxOutputBytes)}.` : error?.message;
    const ran: Omit<ExecutionResult, "durationMs"> = {
      status: error ? "failed" : "completed",
      result,
      error: error ? { kind: error.kind, message: message!, ...position(error.stack, prepared) } : null,
      diagnostics,
      logs,
      toolCalls,
      ...(sessionId ? { sessionId } : {}),
    };
    return finish(output === "printed" ? toPrinted(ran) : ran, { value: result, bytes });
  }

  /** The check of a run: its faults to refuse it for, or the diagnostics it runs with (a checker that failed says so). */
  async function checkBeforeRun(
    code: string,
    tools: ToolSet,
    allowed: AllowFilter,
    globalDeclarations: string | undefined,
  ): Promise<{ refused: CheckDiagnostic[] } | { diagnostics: Diagnostic[] }> {
    try {
      const { ok, diagnostics } = await scriptCheck.check(code, tools, allowed, globalDeclarations);
      // The engine judges syntax itself as it reads the script, before anything runs: its ParseError stays the answer.
      if (diagnostics.some((diagnostic) => diagnostic.code === "syntax_error")) return { diagnostics: [] };
      return ok || checkMode !== "refuse" ? { diagnostics } : { refused: diagnostics };
    } catch (error) {
      return { diagnostics: [uncheckedDiagnostic(error)] };
    }
  }

  return {
    execute,
    resume,
    async check(code, checkOptions) {
      if (closed) throw new CodeModeError("CLOSED", "This code mode is closed; create a new one to check scripts.");
      try {
        await loadTypeStripperFor(code);
        prepare(code);
      } catch (error) {
        return parseErrorResult(error);
      }
      return scriptCheck.check(code, toolSet, createAllowFilter(checkOptions?.allow));
    },
    catalog: createHostCatalog(() => toolSet.catalog()),
    declarations: (callOptions) => `${toolSet.catalog().declarations(createAllowFilter(callOptions?.allow), { search: withCatalog })}${globals()}`,
    prompt: (callOptions) =>
      toolSet.catalog().prompt(createAllowFilter(callOptions?.allow), {
        ...pickBudget(callOptions?.tokenBudget),
        search: withCatalog,
        output,
        ...(workspace ? { files: true } : {}),
        ...(options.resources ? { resources: true } : {}),
      }),
    setTools(tools) {
      toolSet = toToolSet(tools);
    },
    stats: () => pool.stats(),
    async endSession(sessionId, endOptions = {}) {
      // The checks of execute's sessionId and owner, so a call without sessions throws the same INVALID_OPTIONS.
      const target = readSessionTarget({ sessionId: sessionId ?? null, owner: endOptions.owner }, sessions !== undefined);
      // close() already ended every session; a cleanup racing a shutdown should not have to catch.
      if (closed) return false;
      return sessions!.end(target!);
    },
    async listSessions({ owner = "" } = {}) {
      if (!sessions) throw new CodeModeError("INVALID_OPTIONS", "listSessions needs sessions, which are off: create the code mode with `sessions: {}`.");
      return closed ? [] : sessions.list(owner);
    },
    async close() {
      closed = true;
      await Promise.all([pool.close(), sessions?.close(), scriptCheck.close()]);
    },
  };
}

/** A returned value and the UTF-8 size of the JSON text it was read from. */
interface Returned {
  value: JsonValue;
  bytes: number;
}

const UTF8 = new TextDecoder();

/**
 * The returned value, the error and the value's JSON size of an outcome; JSON text the host cannot parse is the
 * script's failure.
 */
function readOutcome(outcome: RunOutcome): { result: JsonValue; error: RunOutcome["error"]; bytes: number } {
  if (outcome.error || outcome.resultJson === null) return { result: null, error: outcome.error, bytes: 4 };
  const json = outcome.resultJson;
  try {
    const result = JSON.parse(typeof json === "string" ? json : UTF8.decode(json)) as JsonValue;
    // The guest's JSON.stringify writes what the host's would for the parsed value, so its size is the value's.
    return { result, error: null, bytes: typeof json === "string" ? utf8ByteLength(json) : json.length };
  } catch {
    // Only a script that replaced built-ins the serialiser relies on can get here.
    const message = "The returned value could not be serialised: the serialiser produced text that is not JSON.";
    return { result: null, error: { kind: "ScriptError", message, stack: null }, bytes: 4 };
  }
}

function pickBudget(tokenBudget: number | undefined): { tokenBudget?: number } {
  return tokenBudget === undefined ? {} : { tokenBudget };
}

/** A run's limits; a resumed run's deadline is what its earlier runs left of `timeoutMs`. */
function runLimits(limits: ExecutionLimits, usedMs = 0) {
  const timeoutMs = Math.max(1, limits.timeoutMs - usedMs);
  const { memoryBytes, maxStackBytes, maxHostCalls, maxLogLines, maxLogLineBytes, maxOutputBytes, maxArgumentBytes, maxTotalArgumentBytes } = limits;
  return { timeoutMs, memoryBytes, maxStackBytes, maxHostCalls, maxLogLines, maxLogLineBytes, maxOutputBytes, maxArgumentBytes, maxTotalArgumentBytes };
}

function position(stack: string | null, prepared: PreparedScript): { line: number | null; column: number | null } {
  const found = stack ? locateError(stack, prepared) : null;
  return found ?? { line: null, column: null };
}

function unfinishedDiagnostics(outcome: RunOutcome, prepared: PreparedScript): Diagnostic[] {
  return outcome.unfinishedCalls.map((call) => {
    const diagnostic: Diagnostic = {
      code: "calls_in_flight_on_return",
      message: `The call to ${call.name} was still pending when the script ended; it was cancelled and its result dropped.`,
    };
    const found = call.stack ? locateError(call.stack, prepared) : null;
    if (found) diagnostic.line = found.line;
    return diagnostic;
  });
}

const PREPARED_CACHE_SIZE = 64;

/** Prepares scripts, remembering the last few: agents and benchmarks often run the same script again. */
function createPrepareCache(limits: ExecutionLimits): (code: string) => PreparedScript {
  const cache = new Map<string, PreparedScript>();
  return (code) => {
    const cached = cache.get(code);
    if (cached) return cached;
    const prepared = prepareScript(code, { maxCodeBytes: limits.maxCodeBytes });
    if (cache.size >= PREPARED_CACHE_SIZE) cache.delete(cache.keys().next().value!);
    cache.set(code, prepared);
    return prepared;
  };
}
