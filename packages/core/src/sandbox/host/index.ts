export { createHostCalls, type HostCalls, type HostCallsOptions } from "./host-calls.js";
export {
  callHook,
  DEFAULT_MAX_SUMMARY_BYTES,
  type ToolCallEndEvent,
  type ToolCallHooks,
  type ToolCallStartEvent,
  type ToolCallStepHooks,
  type TraceOptions,
} from "./tool-call-trace.js";
export { createWorkerPool, HARD_STOP_GRACE_MS, type PoolJob, type WorkerPool, type WorkerPoolOptions } from "./worker-pool.js";
