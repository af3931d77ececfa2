export { createHostCalls } from "./host-calls.js";
export {
  callHook,
  DEFAULT_MAX_SUMMARY_BYTES,
  type ToolCallEndEvent,
  type ToolCallHooks,
  type ToolCallStartEvent,
  type ToolCallStepHooks,
  type TraceOptions,
} from "./tool-call-trace.js";
export { describeExecutionEvent } from "./describe-execution-event.js";
export { createEventSink, endEventOf, type EventSink, type ExecutionEvent, type ExecutionEventListener } from "./execution-event.js";
export type { PoolJob, StartWorker, WorkerLink } from "./pool-state.js";
export { startNodeWorker } from "./worker-slot.js";
export { startWorker } from "./start-worker.js";
export { compileQuickJSModule, memoryPages, compilePackageAsset } from "./quickjs-module.js";
export { HARD_STOP_GRACE_MS } from "./run-deadlines.js";
export { createWorkerPool, type WorkerPool, type WorkerPoolOptions } from "./worker-pool.js";
export { createSharedFlags } from "./shared-flags.js";
