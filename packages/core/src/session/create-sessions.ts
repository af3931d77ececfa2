import { cancelledOutcome, failedOutcome, type Diagnostic } from "../envelopes/index.js";
import type { PoolJob, RunOutcome, WorkerPool } from "../sandbox/index.js";
import { analyzeScript } from "./analyze-functions.js";
import { checkSnapshot } from "./check-snapshot.js";
import { createMemorySessionStore } from "./create-memory-session-store.js";
import { parseProgram, persistTopLevel } from "./persist-top-level.js";
import { readSessionOptions, type SessionOptions, type SessionTarget } from "./session-options.js";
import type { SessionLease, SessionStore } from "./session-store.js";

/** The sessions of one code mode: states in a store, each restored into a pool worker's fresh realm for a run. */
export interface Sessions {
  /**
   * Runs a job in the session `target` names (`"new"` starts one) after that session's earlier runs. The outcome
   * carries the session's id while the session lives; an unknown, expired or someone else's id gets one answer.
   */
  run(target: SessionTarget, job: PoolJob): Promise<{ outcome: RunOutcome; sessionId?: string }>;
  /**
   * Ends the session `target` names, cancelling the run in it here: true once that run has stopped, false for an id
   * that is unknown, expired, already ended or someone else's (one answer for all).
   */
  end(target: SessionTarget): Promise<boolean>;
  /** Cancels every session run here; frees the store when the code mode made it. */
  close(): Promise<void>;
}

/**
 * How long one execution holds a session before another may take it over: renewed while the run lasts, so only an
 * execution whose process died lets it lapse.
 */
const LEASE_MS = 30_000;
/** How often an execution waiting for another process's lease on its session asks again, at most. */
const MAX_POLL_MS = 250;

/** A session's runs in this process, one after another in the order they came. */
interface Local {
  tail: Promise<void>;
  queued: number;
  /** The run holding the lease here, cancelled by `end` and `close`. */
  running?: { controller: AbortController; endedByHost: boolean; done: Promise<void> };
}

const START_AGAIN = 'Start a new one with sessionId "new".';

/** Creates the sessions of a code mode; their runs go to `pool`, the code mode's own workers. */
export function createSessions(options: SessionOptions, pool: WorkerPool): Sessions {
  const { ttlMs, maxSessions, maxStateBytes, store: given } = readSessionOptions(options);
  const store: SessionStore = given ?? createMemorySessionStore();
  const locals = new Map<string, Local>();
  let closed = false;

  const localOf = (id: string): Local => {
    let local = locals.get(id);
    if (!local) locals.set(id, (local = { tail: Promise.resolve(), queued: 0 }));
    return local;
  };

  /** Leases the session, waiting while another process holds it; null when it is gone or the signal aborted. */
  const acquire = async (target: SessionTarget, signal: AbortSignal | undefined): Promise<SessionLease | null | "cancelled"> => {
    for (let wait = 5; ; wait = Math.min(wait * 2, MAX_POLL_MS)) {
      if (signal?.aborted) return "cancelled";
      const lease = await store.lease(target.sessionId, target.owner, LEASE_MS);
      if (lease !== "busy") return lease;
      if (!(await sleep(wait, signal))) return "cancelled";
    }
  };

  async function run(target: SessionTarget, job: PoolJob): Promise<{ outcome: RunOutcome; sessionId?: string }> {
    try {
      return await runIn(target, job);
    } catch (error) {
      // A store of another process (a network away) can fail; the execution says so rather than throwing.
      const message = error instanceof Error ? error.message : String(error);
      return { outcome: failedOutcome("InternalError", `The session store failed: ${message}`) };
    }
  }

  async function runIn(target: SessionTarget, job: PoolJob): Promise<{ outcome: RunOutcome; sessionId?: string }> {
    if (target.sessionId === "new") {
      const lease = await store.create(target.owner, { ttlMs, maxSessions, leaseMs: LEASE_MS });
      if (!lease) return { outcome: failedOutcome("SessionLimit", `All ${maxSessions} sessions are running; try again when one finishes.`) };
      return inTurn(localOf(lease.id), lease.id, job, async () => lease);
    }
    return inTurn(localOf(target.sessionId), target.sessionId, job, () => acquire(target, job.signal));
  }

  /** Runs the job once the session's earlier runs here are done and the lease is this run's. */
  async function inTurn(local: Local, id: string, job: PoolJob, take: () => Promise<SessionLease | null | "cancelled">): Promise<{ outcome: RunOutcome; sessionId?: string }> {
    local.queued++;
    const previous = local.tail;
    let release!: () => void;
    local.tail = new Promise((resolve) => (release = resolve));
    try {
      if (!(await waitTurn(previous, job.signal))) return { outcome: cancelledOutcome(), sessionId: id };
      if (closed) return { outcome: failedOutcome("Cancelled", "The code mode was closed.") };
      const lease = await take();
      if (lease === "cancelled") return { outcome: cancelledOutcome(), sessionId: id };
      if (!lease) return { outcome: notFound(id) };
      return await runLeased(local, lease, job);
    } finally {
      local.queued--;
      // A run cancelled while it waited lets the next one go only when the one before it is done too.
      void previous.then(release);
      if (local.queued === 0) locals.delete(id);
    }
  }

  async function runLeased(local: Local, lease: SessionLease, job: PoolJob): Promise<{ outcome: RunOutcome; sessionId?: string }> {
    const controller = new AbortController();
    let finished!: () => void;
    const running = { controller, endedByHost: false, done: new Promise<void>((resolve) => (finished = resolve)) };
    local.running = running;
    const renewal = setInterval(() => void store.renew(lease, LEASE_MS).catch(() => undefined), LEASE_MS / 3);
    renewal.unref();
    try {
      // Parsed once for both: the rewrite of the top-level declarations, and the index of the script's functions.
      const program = await parseProgram(job.request.source);
      const source = await persistTopLevel(job.request.source, program);
      const script = analyzeScript(job.request.source, program);
      const signal = job.signal ? AbortSignal.any([job.signal, controller.signal]) : controller.signal;
      const session = { state: lease.state, maxStateBytes };
      const outcome = await pool.run({ ...job, signal, request: { ...job.request, source, session } });
      if (running.endedByHost) return { outcome: endedByHost(outcome) };
      const { session: written, ...rest } = outcome;
      const diagnostics: Diagnostic[] = [];
      let state: string | null = null;
      if (written) {
        const checked = await checkSnapshot(written, script);
        const notKept = [...written.notRestored, ...checked.notKept];
        if (checked.state.length > maxStateBytes) {
          const message = `This execution's state is ${checked.state.length} characters, over sessions.maxStateBytes (${maxStateBytes}): none of it was kept; the session keeps the state from before this execution.`;
          diagnostics.push({ code: "session_not_kept", message });
        } else {
          state = checked.state;
          if (notKept.length > 0) diagnostics.push(notKeptDiagnostic(notKept));
        }
      }
      const stored = await store.put(lease, state, ttlMs);
      if (running.endedByHost || !stored) return { outcome: endedByHost({ ...rest, diagnostics: [...rest.diagnostics, ...diagnostics] }) };
      const kept = written ? rest : keptBefore(rest);
      return { outcome: { ...kept, diagnostics: [...kept.diagnostics, ...diagnostics] }, sessionId: lease.id };
    } finally {
      clearInterval(renewal);
      if (local.running === running) delete local.running;
      finished();
    }
  }

  return {
    run,
    async end(target) {
      if (closed) return false;
      const deleted = await store.delete(target.sessionId, target.owner);
      if (!deleted) return false;
      const running = locals.get(target.sessionId)?.running;
      if (running) {
        running.endedByHost = true;
        running.controller.abort();
        await running.done;
      }
      return true;
    },
    async close() {
      closed = true;
      const runs = [...locals.values()].flatMap((local) => (local.running ? [local.running] : []));
      for (const running of runs) running.controller.abort();
      await Promise.all(runs.map((running) => running.done));
      if (!given) await store.close?.();
    },
  };
}

/** Waits for the session's previous run; false when the signal aborts first. */
function waitTurn(previous: Promise<void>, signal: AbortSignal | undefined): Promise<boolean> {
  if (signal?.aborted) return Promise.resolve(false);
  if (!signal) return previous.then(() => true);
  return new Promise((resolve) => {
    const onAbort = () => resolve(false);
    signal.addEventListener("abort", onAbort, { once: true });
    void previous.then(() => {
      signal.removeEventListener("abort", onAbort);
      resolve(true);
    });
  });
}

/** Waits `ms`; false when the signal aborts first. */
function sleep(ms: number, signal: AbortSignal | undefined): Promise<boolean> {
  return new Promise((resolve) => {
    const onAbort = () => {
      clearTimeout(timer);
      resolve(false);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", onAbort);
      resolve(true);
    }, ms);
    signal?.addEventListener("abort", onAbort, { once: true });
  });
}

/** One answer for an id that never existed, expired, ended or is someone else's: it never says which. */
function notFound(sessionId: string): RunOutcome {
  return failedOutcome("SessionNotFound", `No session ${JSON.stringify(sessionId)} is open for this caller. ${START_AGAIN}`);
}

/** Names that the next execution will not find, each with why; the code and the wording are documented. */
function notKeptDiagnostic(notKept: [string, string][]): Diagnostic {
  const list = notKept.map(([, reason]) => reason).join("; ");
  const names = notKept.map(([name]) => name).join(", ");
  return {
    code: "session_not_kept",
    message: `Not kept for the session's next execution: ${names} (${list}). Define them at the top level (functions and classes by declaration) or keep plain data.`,
  };
}

/** The outcome of the run in flight when the host ended its session: cancelled, unless it had just finished. */
function endedByHost(outcome: RunOutcome): RunOutcome {
  if (outcome.error?.kind === "Cancelled") {
    const message = `The execution was cancelled: the session was ended and its variables are gone. ${START_AGAIN}`;
    return { ...outcome, error: { ...outcome.error, message } };
  }
  const message = `The session was ended as this run finished; its variables are gone. ${START_AGAIN}`;
  if (outcome.error) return { ...outcome, error: { ...outcome.error, message: `${outcome.error.message} ${message}` } };
  return { ...outcome, diagnostics: [...outcome.diagnostics, { code: "session_ended", message }] };
}

/** The outcome of a run whose state could not be written (its worker was stopped): the session keeps the one before. */
function keptBefore(outcome: RunOutcome): RunOutcome {
  const message = "The session keeps the variables it had before this execution; what this one assigned is gone.";
  if (outcome.error) {
    if (outcome.error.message.includes("the session keeps the state it had before this run")) return outcome;
    return { ...outcome, error: { ...outcome.error, message: `${outcome.error.message} ${message}` } };
  }
  return { ...outcome, diagnostics: [...outcome.diagnostics, { code: "session_not_kept", message }] };
}
