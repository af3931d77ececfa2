// The entry of a sandbox worker thread: it instantiates the precompiled engine in a capped memory, then runs one
// request at a time, synchronously, posting the outcome back.
import { parentPort, receiveMessageOnPort, type MessagePort } from "node:worker_threads";
import { SIGNAL, type ReplyBatch, type RunRequest, type WorkerInit } from "./protocol.js";
import { createGuestEngine } from "./create-guest-engine.js";
import { runGuest, type GuestChannel } from "./run-guest.js";

const port = parentPort!;

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
  const engine = await createGuestEngine(init);
  const channel = createChannel(new Int32Array(init.signal), init.replyPort);
  let retired = false;
  port.on("message", (request: RunRequest) => {
    // A retired worker takes nothing more: the pool terminates it and hands its queue to a fresh one.
    if (retired) return;
    let reported = false;
    const usable = runGuest(engine, request, channel, (done) => {
      reported = done.retire;
      port.postMessage(done);
    });
    retired = !usable;
    if (retired && !reported) port.postMessage({ type: "retired" });
  });
  port.postMessage({ type: "ready" });
});
