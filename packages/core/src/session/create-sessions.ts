import { cancelledOutcome, failedOutcome, type Diagnostic } from "../envelopes/index.js";
import { CodeModeError, previewText } from "../errors/index.js";
import type { PoolJob, RunOutcome } from "../sandbox/index.js";
import { analyzeScript, type FunctionIndex } from "./analyze-functions.js";
import { createMemorySessionStore } from "./create-memory-session-store.js";
import { parseProgram, persistTopLevel } from "./persist-top-level.js";
import { readSessionOptions, type SessionOptions, type SessionTarget } from "./session-options.js";
import type { SessionLease, SessionStore } from "./session-store.js";
import { createSessionWorkers, type SessionPoolOptions, type SessionWorker } from "./session-workers.js";
import { encodeSnapshot, lostState, NOT_KEPT_CODE, notKeptDiagnostic, readStoredState } from "./stored-state.js";
import { unrefTimer } from "../portable/index.js";

/** One open session as `listSessions` tells it. */
export interface SessionInfo {
  sessionId: string;
  /** Held live in a worker of this process (its globals in place); otherwise hibernated (a snapshot in the store) or live in another process. */
  live: boolean;
  /** An execution runs in it right now. */
  running: boolean;
  /** When it ends unless used again, in milliseconds since the epoch. */
  expiresAt: number;
}

/** The sessions of one code mode: live in a worker while hot, a snapshot in the store once they hibernate. */
export interface Sessions {
  /**
   * Runs a job in the session `target` names (`"new"` starts one) after that session's earlier runs. The outcome
   * carries the session's id while the session lives; an unknown, expired or someone else's id gets one answer.
   */
  run(target: SessionTarget, job: PoolJob): Promise<{ outcome: RunOutcome; sessionId?: string }>;
  /**
   * Ends the session `target` names, cancelling its run in this process: true once that run has stopped, false for
   * an id that is unknown, expired, already ended or someone else's (one answer for all).
   */
  end(target: SessionTarget): Promise<boolean>;
  /** The open sessions of `owner` in the store, and whether this process holds each live in a worker. */
  list(owner: string): Promise<SessionInfo[]>;
  /** Stops every session's run and worker here; the sessions stay in a store the code mode was given. */
  close(): Promise<void>;
}

/**
 * How long one execution holds a session before another may take it: renewed while the run lasts, so only an
 * execution whose process died lets it lapse.
 */
const LEASE_MS = 30_000;
/** How often an execution waiting for another's lease asks again, at most (it starts at 5 ms and doubles). */
const MAX_POLL_MS = 250;
/** A run that only writes the state of a session leaving its worker. */
const SNAPSHOT_SOURCE = "(async () => {})()";

/** A session as this process knows it: its runs here, in order, and its live copy in a worker. */
interface Local {
  key: string;
  id: string;
  owner: string;
  tail: Promise<void>;
  /** Runs (and a hibernation) queued or running here. */
  queued: number;
  lastUsed: number;
  /** The worker holding the session's globals, and the store's version they are. */
  live?: { worker: SessionWorker; version: number };
  /** The functions of the scripts that ran in the live copy: what says a kept function is a closure. */
  index: FunctionIndex;
  hibernation?: ReturnType<typeof setTimeout>;
  /** A hibernation is queued or running: the session is leaving its worker. */
  leaving?: boolean;
  running?: { controller: AbortController; endedByHost: boolean; done: Promise<void> };
}

type Ran = { outcome: RunOutcome; sessionId?: string };

const START_AGAIN = 'Start a new one with sessionId "new".';
/** Longer than any id this code mode makes (a UUID): an id past it cannot be open. */
const MAX_SESSION_ID_LENGTH = 128;

/**
 * Creates the sessions of a code mode. `poolOptions` are those of the code mode's pool, for the sessions' workers;
 * `limits` bound the run that writes a hibernating session's state.
 */
export function createSessions(
  options: SessionOptions,
  poolOptions: SessionPoolOptions,
  limits: PoolJob["request"]["limits"],
): Sessions {
  const { ttlMs, maxSessions, maxLiveSessions, hibernateAfterMs, maxStateBytes, store: given } = readSessionOptions(options);
  const store = tagFailures(given ?? createMemorySessionStore());
  // A store given may be shared with other processes: each execution saves the state, so any of them runs the next.
  const shared = given !== undefined;
  const workers = createSessionWorkers(poolOptions, maxLiveSessions);
  const locals = new Map<string, Local>();
  let closed = false;

  const localOf = (id: string, owner: string): Local => {
    // Keyed by owner too: another owner's run of the id never queues behind the owner's runs (nor learns of them).
    const key = `${owner}\u0000${id}`;
    let local = locals.get(key);
    if (!local) locals.set(key, (local = { key, id, owner, tail: Promise.resolve(), queued: 0, lastUsed: Date.now(), index: new Map() }));
    return local;
  };

  const liveCount = () => {
    let count = 0;
    for (const local of locals.values()) if (local.live && !local.leaving) count++;
    return count;
  };

  /** The live copy leaves its worker without a snapshot (the store has a newer state, or none is wanted). */
  const drop = (local: Local, stop = false) => {
    if (!local.live) return;
    workers.free(local.live.worker, stop);
    delete local.live;
  };

  /** After a session's last queued run: it hibernates after its idle time, or leaves this map when not live. */
  const settle = (local: Local) => {
    if (local.queued > 0 || closed) return;
    if (!local.live) {
      locals.delete(local.key);
      return;
    }
    clearTimeout(local.hibernation);
    // A session waits for a worker: this one's is the one to free.
    if (workers.waiting() > 0) return hibernate(local);
    local.hibernation = setTimeout(() => hibernate(local), hibernateAfterMs);
    unrefTimer(local.hibernation);
  };

  /** Runs `task` in the session's turn here, after its earlier runs. */
  const inTurn = async <T>(local: Local, signal: AbortSignal | undefined, task: () => Promise<T>, cancelled: () => T): Promise<T> => {
    local.queued++;
    clearTimeout(local.hibernation);
    const previous = local.tail;
    let release!: () => void;
    local.tail = new Promise((resolve) => (release = resolve));
    try {
      if (!(await waitTurn(previous, signal))) return cancelled();
      return await task();
    } finally {
      local.queued--;
      local.lastUsed = Date.now();
      // A run cancelled while it waited lets the next one go only when the one before it is done too.
      void previous.then(release);
      settle(local);
    }
  };

  /** Hibernates the least recently used idle live sessions while more than maxLiveSessions are live. */
  const enforceCap = (starting: number) => {
    let excess = liveCount() + starting - maxLiveSessions;
    if (excess <= 0) return;
    const idle = [...locals.values()].filter((local) => local.live && local.queued === 0).sort((left, right) => left.lastUsed - right.lastUsed);
    for (const local of idle) {
      if (excess-- <= 0) break;
      hibernate(local);
    }
  };

  /**
   * Moves a live session out of its worker: with a shared store its state is saved already; otherwise a run writes
   * it into the store first. A store that fails keeps the live copy, to try again after the next idle time.
   */
  function hibernate(local: Local): void {
    if (!local.live || local.queued > 0 || local.leaving || closed) return;
    clearTimeout(local.hibernation);
    local.leaving = true;
    void inTurn(
      local,
      undefined,
      async () => {
        const live = local.live;
        if (!live) return;
        if (shared) {
          // Saved already. A run that tears the realm down lets the worker make a fresh one ahead of its next session.
          await live.worker.pool.run(snapshotJob({ fresh: true, keep: false }));
          return drop(local);
        }
        const taken = await store.acquire(local.id, local.owner, LEASE_MS).catch(() => null);
        if (taken === null) return;
        if (typeof taken === "string" || taken.session.version !== live.version) {
          if (typeof taken !== "string") await store.release(local.id, taken.token, { ttlMs }).catch(() => false);
          return drop(local);
        }
        const outcome = await live.worker.pool.run(snapshotJob({ fresh: false, keep: false, save: maxStateBytes }));
        const state = outcome.session
          ? await encodeSnapshot(outcome.session, local.index, maxStateBytes)
          : lostState(`its state could not be written as it hibernated (${outcome.error?.message ?? "no state"})`);
        await store.release(local.id, taken.token, { state, ttlMs }).catch(() => false);
        // The snapshot run tore the realm down: the worker holds nothing of the session any more.
        drop(local);
      },
      () => undefined,
    ).finally(() => (local.leaving = false));
  }

  /** A run of the session's worker that runs no script of the session's: it writes the state, or only ends the realm. */
  const snapshotJob = (session: NonNullable<PoolJob["request"]["session"]>): PoolJob => ({
    request: { source: SNAPSHOT_SOURCE, fileName: "codemode:session-snapshot", limits, search: false, session },
    onCalls: () => undefined,
  });

  /** Takes the session's lease, waiting (with backoff) while another execution holds it. */
  const acquire = async (local: Local, job: PoolJob): Promise<SessionLease | Ran> => {
    const { timeoutMs } = job.request.limits;
    const deadline = Date.now() + timeoutMs;
    for (let wait = 5; ; wait = Math.min(wait * 2, MAX_POLL_MS)) {
      if (job.signal?.aborted) return { outcome: cancelledOutcome(), sessionId: local.id };
      const taken = await store.acquire(local.id, local.owner, LEASE_MS);
      if (taken === "missing") {
        drop(local);
        return { outcome: notFound(local.id) };
      }
      if (taken !== "busy") return taken;
      const left = deadline - Date.now();
      if (left <= 0) {
        const message = `The session was busy with another execution for the whole ${timeoutMs} ms deadline; nothing ran. Try again.`;
        return { outcome: failedOutcome("TimeoutExceeded", message), sessionId: local.id };
      }
      if (!(await sleep(Math.min(wait, left), job.signal))) return { outcome: cancelledOutcome(), sessionId: local.id };
    }
  };

  async function run(target: SessionTarget, job: PoolJob): Promise<Ran> {
    try {
      if (target.sessionId !== "new") {
        // Ids are UUIDs: a longer one (the model chose it) is never looked up, in this process or in the store.
        if (target.sessionId.length > MAX_SESSION_ID_LENGTH) return { outcome: notFound(target.sessionId) };
        const local = localOf(target.sessionId, target.owner);
        return await inTurn(local, job.signal, () => runNext(local, job), () => ({ outcome: cancelledOutcome(), sessionId: local.id }));
      }
      // The global, not node:crypto: importing that module costs ~6 ms of every cold start, sessions or not.
      const id = globalThis.crypto.randomUUID();
      if (!(await store.create(id, target.owner, { ttlMs, maxSessions }))) {
        return { outcome: failedOutcome("SessionLimit", `All ${maxSessions} sessions are running; try again when one finishes.`) };
      }
      const local = localOf(id, target.owner);
      return await inTurn(local, job.signal, () => runNext(local, job), () => ({ outcome: cancelledOutcome(), sessionId: id }));
    } catch (error) {
      if (error instanceof StoreFailure) return { outcome: unavailable(error.cause) };
      const message = error instanceof Error ? error.message : String(error);
      return { outcome: failedOutcome("InternalError", `The session's execution failed in codemode itself: ${message}`) };
    }
  }

  async function runNext(local: Local, job: PoolJob): Promise<Ran> {
    if (closed) return { outcome: failedOutcome("Cancelled", "The code mode was closed.") };
    const taken = await acquire(local, job);
    if ("outcome" in taken) return taken;
    const controller = new AbortController();
    let finished!: () => void;
    const running = { controller, endedByHost: false, done: new Promise<void>((resolve) => (finished = resolve)) };
    local.running = running;
    let released = false;
    const renewal = setInterval(() => void store.renew(local.id, taken.token, LEASE_MS).catch(() => false), LEASE_MS / 3);
    unrefTimer(renewal);
    try {
      const ran = await runLeased(local, taken, job, controller.signal, running);
      released = true;
      return ran;
    } finally {
      clearInterval(renewal);
      if (!released) await store.release(local.id, taken.token, { ttlMs }).catch(() => false);
      if (local.running === running) delete local.running;
      finished();
    }
  }

  async function runLeased(local: Local, lease: SessionLease, job: PoolJob, stop: AbortSignal, running: NonNullable<Local["running"]>): Promise<Ran> {
    const { session } = lease;
    // Parsed once for both: the rewrite of the top-level declarations, and the index of the script's functions.
    const program = await parseProgram(job.request.source);
    const source = await persistTopLevel(job.request.source, program);
    const script = analyzeScript(job.request.source, program);
    // The live copy is current only while the store holds the version this process left: any other means another
    // process ran the session since (or it hibernated), so the worker starts afresh from the stored state.
    const current = local.live?.version === session.version ? local.live : undefined;
    const kept = local.live;
    delete local.live;
    // Past the cap, the least recently used idle live session hibernates and frees its worker for this one.
    if (!kept) enforceCap(1);
    const signal = job.signal ? AbortSignal.any([job.signal, stop]) : stop;
    const worker = kept?.worker ?? (await workers.take(signal));
    if (!worker) return { outcome: running.endedByHost ? endedByHost(cancelledOutcome()) : cancelledOutcome(), sessionId: local.id };
    const stored = current || session.state === null ? null : readStoredState(session.state);
    if (!current) local.index = new Map();
    for (const [text, facts] of script) local.index.set(text, facts);
    worker.lost = false;
    const request = {
      ...job.request,
      source,
      session: { fresh: !current, keep: true, ...(stored ? { restore: stored.state } : {}), ...(shared ? { save: maxStateBytes } : {}) },
    };
    const outcome = await worker.pool.run({ ...job, signal, request });
    if (outcome.sessionKept) local.live = { worker, version: session.version };
    else workers.free(worker);
    const { session: written, notRestored, sessionKept, ...rest } = outcome;
    if (running.endedByHost) return { outcome: endedByHost(rest) };
    const notKept = [...(stored?.notKept ?? []), ...(notRestored ?? [])];
    const diagnostics: Diagnostic[] = notKept.length > 0 ? [notKeptDiagnostic(notKept)] : [];
    const state = written ? await encodeSnapshot(written, local.index, maxStateBytes) : undefined;
    let version: number | false;
    try {
      version = await store.release(local.id, lease.token, { ...(state === undefined ? {} : { state }), ttlMs });
    } catch (error) {
      drop(local);
      const ranMessage = "The script ran, but its session could not be saved";
      return { outcome: { ...rest, resultJson: null, error: unavailable(error instanceof StoreFailure ? error.cause : error, ranMessage).error } };
    }
    if (version === false) {
      drop(local);
      const message = "This execution held the session past its lease and another execution took it: nothing this one did to the session's variables was kept.";
      diagnostics.push({ code: NOT_KEPT_CODE, message });
    } else if (local.live) {
      local.live.version = version;
    }
    const withDiagnostics = { ...rest, diagnostics: [...rest.diagnostics, ...diagnostics] };
    if (sessionKept || (shared && written)) return { outcome: withDiagnostics, sessionId: local.id };
    if (worker.lost) return lostWorker(local, withDiagnostics, version === false ? session.version : version);
    return { outcome: withDiagnostics, sessionId: local.id };
  }

  /** The run whose worker had to be stopped: the session goes on from a saved snapshot, or ends with no state saved. */
  async function lostWorker(local: Local, outcome: RunOutcome, version: number): Promise<Ran> {
    if (version > 0) {
      const message =
        "The session's worker was stopped: what this execution and those since the session's last snapshot did to its variables is gone; the session goes on from that snapshot.";
      return { outcome: appendMessage(outcome, message, NOT_KEPT_CODE), sessionId: local.id };
    }
    await store.delete(local.id, local.owner).catch(() => false);
    return { outcome: appendMessage(outcome, `The session ended: its worker was stopped and its variables are gone. ${START_AGAIN}`) };
  }

  return {
    run,
    async list(owner) {
      if (typeof owner !== "string") throw new CodeModeError("INVALID_OPTIONS", `owner must be a string, got ${typeof owner}.`);
      const stored = (await store.list?.(owner)) ?? [];
      return stored.map(({ id, expiresAt, running }) => {
        const local = locals.get(`${owner}\u0000${id}`);
        const live = local?.live !== undefined && local.leaving !== true;
        return { sessionId: id, live, running: running || (local?.queued ?? 0) > 0, expiresAt };
      });
    },
    async end(target) {
      if (closed || target.sessionId.length > MAX_SESSION_ID_LENGTH) return false;
      const deleted = await store.delete(target.sessionId, target.owner);
      if (!deleted) return false;
      const local = locals.get(`${target.owner}\u0000${target.sessionId}`);
      const running = local?.running;
      if (running) {
        running.endedByHost = true;
        running.controller.abort();
        await running.done;
      }
      if (local) drop(local, true);
      return true;
    },
    async close() {
      closed = true;
      const runs = [...locals.values()].flatMap((local) => (local.running ? [local.running] : []));
      for (const running of runs) running.controller.abort();
      for (const local of locals.values()) clearTimeout(local.hibernation);
      await Promise.all(runs.map((running) => running.done));
      await workers.close();
    },
  };
}

/** An error the store threw (or a promise of it rejected with), told apart from the session layer's own. */
class StoreFailure extends Error {
  constructor(override readonly cause: unknown) {
    super(cause instanceof Error ? cause.message : String(cause));
  }
}

/** The store with every failure it throws or rejects with as a StoreFailure. */
function tagFailures(store: SessionStore): SessionStore {
  const tag = <T>(call: () => Promise<T>): Promise<T> => {
    try {
      return call().catch((error: unknown) => Promise.reject(new StoreFailure(error)));
    } catch (error) {
      return Promise.reject(new StoreFailure(error));
    }
  };
  return {
    create: (...args) => tag(() => store.create(...args)),
    acquire: (...args) => tag(() => store.acquire(...args)),
    renew: (...args) => tag(() => store.renew(...args)),
    release: (...args) => tag(() => store.release(...args)),
    delete: (...args) => tag(() => store.delete(...args)),
    ...(store.list ? { list: (owner: string) => tag(() => store.list!(owner)) } : {}),
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

/** A store that failed (rejected): the execution fails at once, naming the store's error. */
function unavailable(error: unknown, what = "Nothing ran"): RunOutcome {
  const cause = error instanceof Error ? error.message : String(error);
  return failedOutcome("SessionUnavailable", `The session store failed (${cause}). ${what}; try again once the store answers.`);
}

/** One answer for an id that never existed, expired, ended or is someone else's: it never says which. */
function notFound(sessionId: string): RunOutcome {
  return failedOutcome("SessionNotFound", `No session ${JSON.stringify(previewText(sessionId))} is open for this caller. ${START_AGAIN}`);
}

/** The outcome of the run in flight when the host ended its session: cancelled, unless it had just finished. */
function endedByHost(outcome: RunOutcome): RunOutcome {
  if (outcome.error?.kind === "Cancelled") {
    const message = `The execution was cancelled: the session was ended and its variables are gone. ${START_AGAIN}`;
    return { ...outcome, error: { ...outcome.error, message } };
  }
  return appendMessage(outcome, `The session was ended as this run finished; its variables are gone. ${START_AGAIN}`, "session_ended");
}

/** Adds a sentence to the outcome's error, or a diagnostic when it has none. */
function appendMessage(outcome: RunOutcome, message: string, code = "session_ended"): RunOutcome {
  if (outcome.error) return { ...outcome, error: { ...outcome.error, message: `${outcome.error.message} ${message}` } };
  return { ...outcome, diagnostics: [...outcome.diagnostics, { code, message }] };
}
