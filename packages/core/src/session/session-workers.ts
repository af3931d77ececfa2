import type { WorkerPool, WorkerPoolOptions } from "../sandbox/index.js";
import { unrefTimer } from "../portable/index.js";

/** A worker thread of the sessions: it holds one live session's globals, or none while it is spare. */
export interface SessionWorker {
  pool: WorkerPool;
  /** Set when the thread was stopped (a hard timeout, out of memory, a crash): the globals it held are gone. */
  lost: boolean;
}

/**
 * The sessions' worker threads: one per live session, at most `maxLive`, and a spare started ahead so a resume never
 * waits for a thread to start.
 */
export interface SessionWorkers {
  /**
   * A started worker for a session that is not live: the spare, a new one while fewer than `maxLive` + 1 run, or else
   * the next one a hibernating session frees; null when `signal` aborts while it waits.
   */
  take(signal?: AbortSignal): Promise<SessionWorker | null>;
  /**
   * Gives back a worker whose session left it: to a session waiting for one, or as a spare (with `stop`, only when no
   * spare is left: the host ended the session to free what it held).
   */
  free(worker: SessionWorker, stop?: boolean): void;
  /** Sessions waiting for a worker: a live session that goes idle then hibernates at once. */
  waiting(): number;
  close(): Promise<void>;
}

/** The options of the code mode's pool, and how to make one: a session gets a pool of one engine of the same kind. */
export type SessionPoolOptions = Omit<WorkerPoolOptions, "size" | "onWorkerLost"> & { createPool(options: WorkerPoolOptions): WorkerPool };

/** Workers kept started with no session, ready for the next session to resume or start (~10 MB each). */
const SPARE_WORKERS = 1;
/**
 * How long spares past SPARE_WORKERS (workers that sessions left) are kept before they stop. Stopping them at once
 * would start a thread for nearly every resume when sessions hibernate and resume by turns.
 */
const EXTRA_SPARE_MS = 30_000;

/** Creates the sessions' workers; the first spare starts at once. */
export function createSessionWorkers(poolOptions: SessionPoolOptions, maxLive: number): SessionWorkers {
  const { createPool, ...shared } = poolOptions;
  const spares: SessionWorker[] = [];
  const all = new Set<SessionWorker>();
  const waiters: ((worker: SessionWorker) => void)[] = [];
  const limit = maxLive + SPARE_WORKERS;
  let closed = false;
  let trim: ReturnType<typeof setTimeout> | undefined;
  const scheduleTrim = () => {
    clearTimeout(trim);
    if (spares.length <= SPARE_WORKERS) return;
    trim = setTimeout(() => {
      for (const worker of spares.splice(SPARE_WORKERS)) {
        all.delete(worker);
        void worker.pool.close();
      }
    }, EXTRA_SPARE_MS);
    unrefTimer(trim);
  };

  const start = (): SessionWorker => {
    const worker: SessionWorker = {
      pool: createPool({ ...shared, size: 1, sessions: true, onWorkerLost: () => (worker.lost = true) }),
      lost: false,
    };
    worker.pool.warm();
    all.add(worker);
    return worker;
  };
  const topUp = () => {
    while (!closed && spares.length < SPARE_WORKERS && all.size < limit) spares.push(start());
  };
  topUp();

  return {
    take(signal) {
      // The spare freed longest ago first: a worker just freed may still be making its next realm.
      const worker = spares.shift() ?? (all.size < limit ? start() : undefined);
      topUp();
      if (worker) return Promise.resolve(worker);
      return new Promise((resolve) => {
        const waiter = (given: SessionWorker) => {
          signal?.removeEventListener("abort", onAbort);
          resolve(given);
        };
        const onAbort = () => {
          const index = waiters.indexOf(waiter);
          if (index >= 0) waiters.splice(index, 1);
          resolve(null);
        };
        signal?.addEventListener("abort", onAbort, { once: true });
        waiters.push(waiter);
      });
    },
    free(worker, stop = false) {
      if (closed || !all.has(worker) || spares.includes(worker)) return;
      const waiter = waiters.shift();
      if (!waiter && stop && spares.length >= SPARE_WORKERS) {
        all.delete(worker);
        void worker.pool.close();
        return;
      }
      // A lost worker's pool starts a new thread on its next run; start it now, so that run does not wait for it.
      worker.pool.warm();
      if (waiter) return waiter(worker);
      spares.push(worker);
      scheduleTrim();
    },
    waiting: () => waiters.length,
    async close() {
      // A session waiting for a worker gets one that is closing: its run then fails as the code mode closed.
      for (const waiter of waiters.splice(0)) waiter(start());
      closed = true;
      clearTimeout(trim);
      spares.length = 0;
      const closing = [...all].map((worker) => worker.pool.close());
      all.clear();
      await Promise.all(closing);
    },
  };
}
