import { MessageChannel } from "node:worker_threads";
import { CANCELLED_RUNS, SIGNAL, SIGNAL_SLOTS, type WorkerInit, type WorkerMessage } from "../protocol.js";
import type { StartWorker, WorkerLink } from "./pool-state.js";
import { compileQuickJSModule } from "./quickjs-module.js";
import { sandboxWorkerUrl, startWorker } from "./start-worker.js";

/**
 * Starts a sandbox worker thread and sends it the compiled engine. The host posts runs and replies on a port the
 * worker reads synchronously (receiveMessageOnPort), and bumps a shared counter the worker sleeps on: the worker wakes
 * from Atomics.wait sooner than a message through its event loop would wake it.
 */
export const startNodeWorker: StartWorker = (options) => {
  const worker = startWorker(sandboxWorkerUrl(), { stackSizeMb: options.stackSizeMb });
  const { port1, port2 } = new MessageChannel();
  const signal = new SharedArrayBuffer(4 * SIGNAL_SLOTS);
  const flags = new Int32Array(signal);
  // Cancels signalled so far: the next one goes in the slot after the last one's.
  let cancels = 0;
  worker.unref();
  compileQuickJSModule().then(
    (wasmModule) => {
      // Closed or removed while the module compiled: its reply port is closed, so port2 cannot be transferred.
      if (!options.isCurrent()) {
        port2.close();
        return;
      }
      const init: WorkerInit = { type: "init", wasmModule, ...options.init, signal, replyPort: port2 };
      try {
        worker.postMessage(init, [port2]);
      } catch {
        options.onFailure();
      }
    },
    () => options.onFailure(),
  );
  worker.on("message", (message: WorkerMessage) => options.onMessage(message));
  worker.on("error", () => options.onFailure());
  worker.on("exit", () => options.onFailure());
  const wake = () => {
    Atomics.add(flags, SIGNAL.wake, 1);
    Atomics.notify(flags, SIGNAL.wake);
  };
  const link: WorkerLink = {
    post(message) {
      port1.postMessage(message);
      wake();
    },
    signal(flag, runId) {
      const at = flag === "held" ? SIGNAL.held : SIGNAL.cancel + (cancels++ % CANCELLED_RUNS);
      Atomics.store(flags, at, runId);
      wake();
    },
    soon() {
      // Still set: the worker has not woken to it yet, so a burst of executions wakes it once.
      if (Atomics.compareExchange(flags, SIGNAL.soon, 0, 1) === 1) return false;
      wake();
      return true;
    },
    terminate() {
      port1.close();
      return worker.terminate();
    },
    keepAlive: (alive) => void (alive ? worker.ref() : worker.unref()),
  };
  return link;
};
