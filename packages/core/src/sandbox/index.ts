export { createHostCalls, type HostCalls, type HostCallsOptions } from "./host-calls.js";
export type { RunOutcome } from "./protocol.js";
export { createWorkerPool, HARD_STOP_GRACE_MS, type PoolJob, type WorkerPool, type WorkerPoolOptions } from "./worker-pool.js";
