import { nodeBuiltin } from "../../portable/index.js";
import type { WorkerInit, WorkerMessage } from "../protocol.js";
import type { StartWorker, WorkerLink } from "./pool-state.js";
import { compileQuickJSModule } from "./quickjs-module.js";
import { createSharedFlags } from "./shared-flags.js";
import { sandboxWorkerUrl, startWorker } from "./start-worker.js";

/**
 * Starts a sandbox worker thread and sends it the compiled engine. The host posts runs and replies on a port the
 * worker reads synchronously (receiveMessageOnPort), and bumps a shared counter the worker sleeps on: the worker wakes
 * from Atomics.wait sooner than a message through its event loop would wake it.
 */
export const startNodeWorker: StartWorker = (options) => {
  const worker = startWorker(sandboxWorkerUrl(), { stackSizeMb: options.stackSizeMb });
  const { MessageChannel } = nodeBuiltin("node:worker_threads");
  const { port1, port2 } = new MessageChannel();
  const flags = createSharedFlags();
  worker.unref();
  compileQuickJSModule().then(
    (wasmModule) => {
      // Closed or removed while the module compiled: its reply port is closed, so port2 cannot be transferred.
      if (!options.isCurrent()) {
        port2.close();
        return;
      }
      const init: WorkerInit = { type: "init", wasmModule, ...options.init, signal: flags.buffer, replyPort: port2 };
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
  const link: WorkerLink = {
    post(message) {
      port1.postMessage(message);
      flags.wake();
    },
    signal: flags.signal,
    soon: flags.soon,
    terminate() {
      port1.close();
      return worker.terminate();
    },
    keepAlive: (alive) => void (alive ? worker.ref() : worker.unref()),
  };
  return link;
};
