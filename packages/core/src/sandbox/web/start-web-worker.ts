import { CANCELLED_RUNS, SIGNAL, SIGNAL_SLOTS, type WorkerInit, type WorkerMessage } from "../protocol.js";
import type { StartWorker, WorkerLink } from "../host/index.js";

/** A message only the Web Worker reads: a flag changed (with shared memory it is also set there). */
export interface SignalMessage {
  type: "signal";
  flag: "cancel" | "held";
  runId: number;
}

/**
 * Starts a sandbox Web Worker (browsers). The host posts runs and replies as messages, which the worker awaits
 * between the steps of its run loop; in a cross-origin isolated page the cancel and held flags are shared memory too,
 * so the worker's interrupt handler sees a cancel while the script computes. The pool terminates the worker when a
 * run passes its deadline and the grace, whatever the script is doing.
 */
export function createWebWorkerStarter(engineModule: () => Promise<WebAssembly.Module>): StartWorker {
  return (options) => {
    // Written as bundlers look for it (Vite, webpack): the worker is built as a chunk of its own.
    const worker = new Worker!(new URL("./sandbox-web-worker.js", import.meta.url), { type: "module" });
    const shared = (globalThis as { crossOriginIsolated?: boolean }).crossOriginIsolated === true ? new SharedArrayBuffer(4 * SIGNAL_SLOTS) : undefined;
    const flags = shared ? new Int32Array(shared) : undefined;
    let cancels = 0;
    engineModule().then(
      (wasmModule) => {
        if (!options.isCurrent()) return;
        const init: WorkerInit = { type: "init", wasmModule, ...options.init, ...(shared ? { signal: shared } : {}) };
        worker.postMessage(init);
      },
      () => options.onFailure(),
    );
    worker.onmessage = (event) => options.onMessage(event.data as WorkerMessage);
    worker.onerror = () => options.onFailure();
    worker.onmessageerror = () => options.onFailure();
    const link: WorkerLink = {
      post: (message) => worker.postMessage(message),
      signal(flag, runId) {
        if (flags) Atomics.store(flags, flag === "held" ? SIGNAL.held : SIGNAL.cancel + (cancels++ % CANCELLED_RUNS), runId);
        worker.postMessage({ type: "signal", flag, runId } satisfies SignalMessage);
      },
      // An idle Web Worker waits in its event loop: there is nothing to wake ahead of a run.
      soon: () => false,
      terminate() {
        worker.terminate();
        return Promise.resolve();
      },
      // A page's workers never hold anything open.
      keepAlive() {},
    };
    return link;
  };
}
