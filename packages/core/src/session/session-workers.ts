import { createWorkerPool, type WorkerPool, type WorkerPoolOptions } from "../sandbox/index.js";

/** A worker thread of the sessions: it holds one live session's globals, or none while it is spare. */
export interface SessionWorker {
  pool: WorkerPool;
  /** Set when the thread was stopped (a hard timeout, out of memory, a crash): the globals it held are gone. */
  lost: boolean;
}

/** The sessions' workers: one per live session, and a spare started ahead so a resume never waits for a thread. */
export interface SessionWorkers {
  /** A started worker for a session that is not live: the spare, or a new one when none is (the spare is replaced). */
  take(): SessionWorker;
  /** Gives back a worker whose session left it: it becomes the spare, or stops when there is one. */
  free(worker: SessionWorker): void;
  close(): Promise<void>;
}

/** Workers kept started with no session, ready for the next session to resume or start (~10 MB each). */
const SPARE_WORKERS = 1;

/** Creates the sessions' workers; the first spare starts at once. */
export function createSessionWorkers(poolOptions: Omit<WorkerPoolOptions, "size" | "onWorkerLost">): SessionWorkers {
  const spares: SessionWorker[] = [];
  const all = new Set<SessionWorker>();
  let closed = false;

  const start = (): SessionWorker => {
    const worker: SessionWorker = {
      pool: createWorkerPool({ ...poolOptions, size: 1, onWorkerLost: () => (worker.lost = true) }),
      lost: false,
    };
    worker.pool.warm();
    all.add(worker);
    return worker;
  };
  const topUp = () => {
    while (!closed && spares.length < SPARE_WORKERS) spares.push(start());
  };
  topUp();

  return {
    take() {
      const worker = spares.pop() ?? start();
      topUp();
      return worker;
    },
    free(worker) {
      if (closed || !all.has(worker) || spares.includes(worker)) return;
      if (spares.length < SPARE_WORKERS) {
        // A lost worker's pool starts a new thread on its next run; start it now, so that run does not wait for it.
        worker.pool.warm();
        spares.push(worker);
        return;
      }
      all.delete(worker);
      void worker.pool.close();
    },
    async close() {
      closed = true;
      spares.length = 0;
      const closing = [...all].map((worker) => worker.pool.close());
      all.clear();
      await Promise.all(closing);
    },
  };
}
