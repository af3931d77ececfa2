// The entry of a sandbox worker thread: it instantiates the precompiled engine in a capped memory, then runs one
// request at a time, synchronously, posting the outcome back.
import { newQuickJSWASMModuleFromVariant, newVariant, type QuickJSSyncVariant } from "quickjs-emscripten-core";
import { parentPort, receiveMessageOnPort, type MessagePort } from "node:worker_threads";
import { SIGNAL, type ReplyBatch, type RunRequest, type WorkerInit } from "./protocol.js";
import { runGuest, type GuestChannel, type GuestEngine } from "./run-guest.js";

const port = parentPort!;

async function createEngine(init: WorkerInit): Promise<GuestEngine> {
  const memory = new WebAssembly.Memory({ initial: init.initialPages, maximum: init.maximumPages });
  // Imported as a namespace: under NodeNext the variant's default export is typed as the module (NOTES.md).
  const base = (await import("@jitl/quickjs-ng-wasmfile-release-sync")) as unknown as { default: QuickJSSyncVariant };
  const variant = newVariant(base.default, {
    wasmModule: init.wasmModule,
    wasmMemory: memory,
  });
  const module = await newQuickJSWASMModuleFromVariant(variant);
  return { module, memory, maximumBytes: init.maximumPages * 65_536, serializerSource: init.serializerSource };
}

function createChannel(flags: Int32Array, replyPort: MessagePort): GuestChannel {
  return {
    send: (batch) => port.postMessage(batch),
    isCancelled: (runId) => Atomics.load(flags, SIGNAL.cancel) === runId,
    wait(runId, deadline) {
      for (;;) {
        const seen = Atomics.load(flags, SIGNAL.wake);
        const replies: ReplyBatch["replies"] = [];
        for (let message = receiveMessageOnPort(replyPort); message; message = receiveMessageOnPort(replyPort)) {
          const batch = message.message as ReplyBatch;
          if (batch.id === runId) replies.push(...batch.replies);
        }
        if (replies.length > 0) return replies;
        if (Atomics.load(flags, SIGNAL.cancel) === runId) return "cancelled";
        const remaining = deadline - Date.now();
        if (remaining <= 0) return "timeout";
        Atomics.wait(flags, SIGNAL.wake, seen, remaining);
      }
    },
  };
}

port.once("message", async (init: WorkerInit) => {
  const engine = await createEngine(init);
  const channel = createChannel(new Int32Array(init.signal), init.replyPort);
  let retired = false;
  port.on("message", (request: RunRequest) => {
    // A retired worker takes nothing more: the pool terminates it and hands its queue to a fresh one.
    if (retired) return;
    const done = runGuest(engine, request, channel);
    retired = done.retire;
    port.postMessage(done);
  });
  port.postMessage({ type: "ready" });
});
