import { cancelledOutcome, type Diagnostic } from "../../envelopes/index.js";
import type { RunDone, RunRequest } from "../protocol.js";
import type { ClassifiedError } from "./classify-error.js";
import type { GuestEngine } from "./create-guest-engine.js";
import type { GuestChannel } from "./guest-channel.js";
import { createGuestRealm, disposeRealm, type GuestRealm } from "./guest-realm.js";
import { GuestRun, type GuestRunEnd } from "./guest-run.js";

/** What {@link runGuest} runs, where, and whom it reports to. */
export interface RunGuestOptions {
  engine: GuestEngine;
  request: RunRequest;
  channel: GuestChannel;
  report(done: RunDone): void;
  /** The runtime and context to run in, made ahead of the run; made now when absent. */
  realm?: GuestRealm | undefined;
  /** Keep the realm for a session's next run rather than tearing it down. */
  kept?: boolean;
}

/**
 * Runs one request in a runtime and context of the worker's module, reports the outcome, then tears the realm down
 * (the host need not wait for teardown) unless it is kept for a session's next run. Synchronous from start to end:
 * while the script awaits host calls, the worker blocks in Atomics.wait for the replies. Returns false when the
 * module must not be used again.
 */
export function runGuest({ engine, request, channel, report, realm, kept = false }: RunGuestOptions): boolean {
  if (channel.isCancelled(request.id)) {
    report({ type: "done", id: request.id, retire: false, outcome: cancelledOutcome() });
    if (realm && !kept) return disposeRealm(realm);
    return true;
  }
  const run = new GuestRun({ engine, request, channel, realm: realm ?? createGuestRealm(engine), kept });
  let result: GuestRunEnd;
  try {
    result = run.execute();
  } catch {
    // A host-side exception here means the module may be corrupt: report it plainly and replace the worker.
    run.retire = true;
    result = { kind: "InternalError", message: "The sandbox failed while running the script.", stack: null };
  }
  const paused = "paused" in result ? result.paused : undefined;
  const error = "json" in result || paused ? null : (result as ClassifiedError);
  if (error?.kind === "MemoryLimitExceeded") run.retire = true;
  const finished = run.bridge?.finish(paused !== undefined) ?? { logs: [], diagnostics: [], unfinishedCalls: [] };
  const printed = engine.printed.splice(0);
  const diagnostics = printed.length === 0 ? finished.diagnostics : [...finished.diagnostics, ...printed.map(engineDiagnostic)];
  const outcome = { resultJson: "json" in result ? result.json : null, error, ...finished, diagnostics, ...(paused ? { paused } : {}) };
  report({ type: "done", id: request.id, retire: run.retire, outcome });
  run.teardown();
  return !run.retire;
}

/** A line the engine printed while the run went on: in practice the module's abort, after which it is replaced. */
function engineDiagnostic(line: string): Diagnostic {
  return { code: "sandbox_engine_message", message: `The sandbox's QuickJS engine printed: ${line}` };
}
