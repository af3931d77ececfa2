import { cancelledOutcome, failedOutcome } from "../envelopes/index.js";
import { createWorkerPool, type PoolJob, type RunOutcome, type WorkerPool, type WorkerPoolOptions } from "../sandbox/index.js";
import { persistTopLevel } from "./persist-top-level.js";
import { readSessionOptions, type SessionOptions, type SessionTarget } from "./session-options.js";

/** The sessions of one code mode: each a worker of its own whose global object outlives its runs. */
export interface Sessions {
  /**
   * Runs a job in the session `target` names (`"new"` starts one) after that session's earlier runs. The outcome
   * carries the session's id while the session lives; an unknown, expired or someone else's id gets one answer.
   */
  run(target: SessionTarget, job: PoolJob): Promise<{ outcome: RunOutcome; sessionId?: string }>;
  /**
   * Ends the session `target` names, cancelling the run in it: true once its worker has stopped, false for an id that
   * is unknown, expired, already ended or someone else's (one answer for all).
   */
  end(target: SessionTarget): Promise<boolean>;
  /** Ends every session and stops their workers. */
  close(): Promise<void>;
}

interface Session {
  id: string;
  owner: string;
  pool: WorkerPool;
  /** Runs queued or running. */
  busy: number;
  lastUsed: number;
  /** The tail of the session's queue: each run waits for the one before it. */
  tail: Promise<void>;
  ended: boolean;
  /** Its worker was stopped (a hard timeout, out of memory, a crash): the session's state is gone. */
  lost: boolean;
  /** The host ended it (`end`): a run in flight was cancelled for that reason. */
  endedByHost: boolean;
  expiry?: ReturnType<typeof setTimeout>;
}

const START_AGAIN = 'Start a new one with sessionId "new".';

/** Creates the sessions of a code mode; `poolOptions` are those of the code mode's pool, for each session's own worker. */
export function createSessions(options: SessionOptions, poolOptions: Omit<WorkerPoolOptions, "size" | "onWorkerLost">): Sessions {
  const { ttlMs, maxSessions } = readSessionOptions(options);
  const sessions = new Map<string, Session>();

  /** Resolves when the session's worker has stopped. */
  const end = (session: Session): Promise<void> => {
    if (session.ended) return Promise.resolve();
    session.ended = true;
    clearTimeout(session.expiry);
    sessions.delete(session.id);
    return session.pool.close();
  };

  const start = (owner: string): Session | null => {
    if (sessions.size >= maxSessions) {
      // The least recently used idle session makes room, the caller's own before anyone else's.
      const idle = [...sessions.values()].filter((session) => session.busy === 0);
      const oldest = (list: Session[]) => list.sort((left, right) => left.lastUsed - right.lastUsed)[0];
      const evicted = oldest(idle.filter((session) => session.owner === owner)) ?? oldest(idle);
      if (!evicted) return null;
      void end(evicted);
    }
    // The global, not node:crypto: importing that module costs ~6 ms of every cold start, sessions or not.
    const id = globalThis.crypto.randomUUID();
    const pool = createWorkerPool({
      ...poolOptions,
      size: 1,
      onWorkerLost: () => {
        const lost = sessions.get(id);
        if (!lost) return;
        lost.lost = true;
        void end(lost);
      },
    });
    const session: Session = { id, owner, pool, busy: 0, lastUsed: Date.now(), tail: Promise.resolve(), ended: false, lost: false, endedByHost: false };
    sessions.set(session.id, session);
    return session;
  };

  const find = (target: SessionTarget): Session | null => {
    const found = sessions.get(target.sessionId);
    return found && found.owner === target.owner ? found : null;
  };

  async function run(target: SessionTarget, job: PoolJob): Promise<{ outcome: RunOutcome; sessionId?: string }> {
    const session = target.sessionId === "new" ? start(target.owner) : find(target);
    if (!session) {
      return target.sessionId === "new"
        ? { outcome: failedOutcome("SessionLimit", `All ${maxSessions} sessions are running; try again when one finishes.`) }
        : { outcome: notFound(target.sessionId) };
    }
    session.busy++;
    clearTimeout(session.expiry);
    const previous = session.tail;
    let release!: () => void;
    session.tail = new Promise((resolve) => (release = resolve));
    try {
      if (!(await waitTurn(previous, job.signal))) return { outcome: cancelledOutcome(), sessionId: session.id };
      // The run before this one took the session down with it.
      if (session.ended) return { outcome: notFound(target.sessionId) };
      const source = await persistTopLevel(job.request.source);
      const outcome = await session.pool.run({ ...job, request: { ...job.request, source, session: true } });
      if (session.endedByHost) return { outcome: endedByHost(outcome) };
      if (!session.lost) return { outcome, sessionId: session.id };
      return { outcome: endedWith(outcome) };
    } finally {
      session.busy--;
      session.lastUsed = Date.now();
      // A run cancelled while it waited lets the next one go only when the one before it is done too.
      void previous.then(release);
      if (!session.ended && session.busy === 0) session.expiry = setTimeout(() => void end(session), ttlMs).unref();
    }
  }

  return {
    run,
    async end(target) {
      const session = find(target);
      if (!session) return false;
      session.endedByHost = true;
      await end(session);
      return true;
    },
    async close() {
      await Promise.all([...sessions.values()].map(end));
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

/** One answer for an id that never existed, expired, ended or is someone else's: it never says which. */
function notFound(sessionId: string): RunOutcome {
  return failedOutcome("SessionNotFound", `No session ${JSON.stringify(sessionId)} is open for this caller. ${START_AGAIN}`);
}

/** The outcome of the run in flight when the host ended its session: cancelled, unless it had just finished. */
function endedByHost(outcome: RunOutcome): RunOutcome {
  if (outcome.error?.kind === "Cancelled") {
    const message = `The execution was cancelled: the session was ended and its variables are gone. ${START_AGAIN}`;
    return { ...outcome, error: { ...outcome.error, message } };
  }
  return endedWith(outcome, `The session was ended as this run finished; its variables are gone. ${START_AGAIN}`);
}

/** The outcome of the run whose worker had to be stopped: it says the session ended with it. */
function endedWith(outcome: RunOutcome, message = `The session ended: its worker was stopped and its variables are gone. ${START_AGAIN}`): RunOutcome {
  if (outcome.error) return { ...outcome, error: { ...outcome.error, message: `${outcome.error.message} ${message}` } };
  return { ...outcome, diagnostics: [...outcome.diagnostics, { code: "session_ended", message }] };
}
