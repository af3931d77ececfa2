export {
  callHook,
  compilePackageAsset,
  compileQuickJSModule,
  createEventSink,
  endEventOf,
  describeExecutionEvent,
  createHostCalls,
  createWorkerPool,
  DEFAULT_MAX_SUMMARY_BYTES,
  HARD_STOP_GRACE_MS,
  type EventSink,
  type ExecutionEvent,
  type ExecutionEventListener,
  startNodeWorker,
  type PoolJob,
  type ToolCallEndEvent,
  type ToolCallHooks,
  type ToolCallStartEvent,
  type ToolCallStepHooks,
  type TraceOptions,
  type WorkerPool,
  type WorkerPoolOptions,
} from "./host/index.js";
export { createInProcessPool } from "./in-process/index.js";
export { createWebWorkerStarter } from "./web/index.js";
export { SANDBOX_GLOBALS, type RunOutcome, type RunRecording } from "./protocol.js";
