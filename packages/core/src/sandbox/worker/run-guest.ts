import { cancelledOutcome, type Diagnostic, type RunOutcome } from "../../envelopes/index.js";
import type { RunDone, RunRequest } from "../protocol.js";
import type { ClassifiedError } from "./classify-error.js";
import type { GuestEngine } from "./create-guest-engine.js";
import type { GuestChannel, RunSteps, WaitResult } from "./guest-channel.js";
import { createGuestRealm, disposeRealm, type GuestRealm } from "./guest-realm.js";
import { GuestRun, type GuestRunEnd } from "./guest-run.js";

/** What {@link runGuest} runs, where, and whom it reports to. */
export interface RunGuestOptions<Wait = WaitResult> {
  engine: GuestEngine;
  request: RunRequest;
  channel: GuestChannel<Wait>;
  report(done: RunDone): void;
  /** The runtime and context to run in, made ahead of the run (or a session's, kept); made now when absent. */
  realm?: GuestRealm | undefined;
  /** Count the script's work against its deadline too (see GuestRunOptions.countWork). */
  countWork?: boolean | undefined;
}

/** What a run leaves: whether the module may be used again, and the realm a session keeps. */
export interface RunGuestResult {
  usable: boolean;
  kept: GuestRealm | undefined;
  /** Whether the script read `tools` (or a global built on it): the engine then compiles the tools piece ahead. */
  readTools?: boolean;
}

/**
 * Runs one request in a runtime and context of the worker's module, reports the outcome, then tears the realm down
 * (the host need not wait for teardown) unless a session keeps it for its next run; a session's run may restore a
 * state first and write one after. Synchronous from start to end: while the script awaits host calls, the worker
 * blocks in Atomics.wait for the replies. Says whether the module may be used again and whether the realm is kept.
 */
export function runGuest(options: RunGuestOptions): RunGuestResult {
  const steps = runGuestSteps(options);
  for (let step = steps.next(); ; ) {
    if (step.done) return step.value;
    step = steps.next(options.channel.wait(step.value.runId, step.value.deadline));
  }
}

/**
 * {@link runGuest} for a host on its own thread: the same run, which awaits the replies its channel promises rather
 * than blocking for them.
 */
export async function runGuestAsync(options: RunGuestOptions<Promise<WaitResult>>): Promise<RunGuestResult> {
  const steps = runGuestSteps(options);
  for (let step = steps.next(); ; ) {
    if (step.done) return step.value;
    step = steps.next(await options.channel.wait(step.value.runId, step.value.deadline));
  }
}

function* runGuestSteps({ engine, request, channel, report, realm, countWork }: RunGuestOptions<unknown>): RunSteps<RunGuestResult> {
  const session = request.session;
  if (channel.isCancelled(request.id)) {
    // A session's realm is kept as it was unless this run was to replace it.
    const kept = session?.keep === true && !session.fresh && realm !== undefined;
    report({ type: "done", id: request.id, retire: false, outcome: { ...cancelledOutcome(), ...(kept ? { sessionKept: true } : {}) } });
    if (realm && !kept) return { usable: disposeRealm(realm), kept: undefined };
    return { usable: true, kept: kept ? realm : undefined };
  }
  const used = realm ?? createGuestRealm(engine);
  const run = new GuestRun({ engine, request, channel, realm: used, kept: session !== undefined, countWork });
  let result: GuestRunEnd;
  try {
    result = yield* run.execute();
  } catch (error) {
    // A host-side exception here means the module may be corrupt: report it plainly and replace the worker. On the
    // host's own thread deep recursion can exhaust the thread's stack before QuickJS's limit: the script's overflow.
    run.retire = true;
    result =
      error instanceof RangeError && /call stack/i.test(error.message)
        ? { kind: "StackOverflow", message: "Script overflowed its stack (too deep recursion).", stack: null }
        : { kind: "InternalError", message: "The sandbox failed while running the script.", stack: null };
  }
  const paused = "paused" in result ? result.paused : undefined;
  let error = "json" in result || paused ? null : (result as ClassifiedError);
  if (error?.kind === "MemoryLimitExceeded") run.retire = true;
  // Not after the worker must go: its memory may be corrupt, and the session keeps the state it had before.
  const written = session?.save !== undefined && !run.retire && !run.restoreFailed ? run.snapshot(session.save) : undefined;
  if (written && "kind" in written) {
    if (written.kind === "MemoryLimitExceeded") run.retire = true;
    const message = `The session's state could not be written (${written.message}).`;
    if (error) error = { ...error, message: `${error.message} ${message}` };
    else result = { kind: written.kind, message, stack: null };
    error ??= result as ClassifiedError;
  }
  const finished = run.bridge?.finish(paused !== undefined) ?? { logs: [], diagnostics: [], unfinishedCalls: [] };
  const printed = engine.printed.splice(0);
  const diagnostics = printed.length === 0 ? finished.diagnostics : [...finished.diagnostics, ...printed.map(engineDiagnostic)];
  const kept = session?.keep === true && !run.retire && !run.restoreFailed;
  if (session && run.restoreFailed) run.keepRealm = false;
  const outcome: RunOutcome = {
    resultJson: "json" in result ? result.json : null,
    error,
    ...finished,
    diagnostics,
    ...(written && !("kind" in written) ? { session: written } : {}),
    ...(session && run.unrestored.length > 0 ? { notRestored: run.unrestored } : {}),
    ...(kept ? { sessionKept: true } : {}),
    ...(paused ? { paused } : {}),
  };
  report({ type: "done", id: request.id, retire: run.retire, outcome });
  const readTools = used.globals.tools !== undefined;
  run.teardown();
  return { usable: !run.retire, kept: kept && !run.retire ? used : undefined, readTools };
}

/** A line the engine printed while the run went on: in practice the module's abort, after which it is replaced. */
function engineDiagnostic(line: string): Diagnostic {
  return { code: "sandbox_engine_message", message: `The sandbox's QuickJS engine printed: ${line}` };
}
