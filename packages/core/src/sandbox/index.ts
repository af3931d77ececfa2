export {
  callHook,
  createHostCalls,
  createWorkerPool,
  DEFAULT_MAX_SUMMARY_BYTES,
  HARD_STOP_GRACE_MS,
  type PoolJob,
  type ToolCallEndEvent,
  type ToolCallHooks,
  type ToolCallStartEvent,
  type ToolCallStepHooks,
  type TraceOptions,
  type WorkerPool,
  type WorkerPoolOptions,
} from "./host/index.js";
export { SANDBOX_GLOBALS, type RunOutcome } from "./protocol.js";
