// The entry of a sandbox worker thread: it instantiates the precompiled engine in a capped memory, then runs one
// request at a time, synchronously, posting the outcome back. Between runs it sleeps in Atomics.wait rather than in
// its event loop: the host posts runs and replies on one port and bumps the wake counter, which wakes this thread
// sooner than a message through the event loop would.
import { parentPort, receiveMessageOnPort } from "node:worker_threads";
import type { ReplyBatch, RunRequest, WorkerInit, WorkerMessage } from "../protocol.js";
import { createGuestEngine } from "./create-guest-engine.js";
import { serveBlocking } from "./serve-blocking.js";

const port = parentPort!;

port.once("message", async (init: WorkerInit) => {
  const engine = await createGuestEngine(init);
  port.postMessage({ type: "ready" });
  const replyPort = init.replyPort!;
  serveBlocking({
    engine,
    flags: new Int32Array(init.signal!),
    read: () => receiveMessageOnPort(replyPort)?.message as RunRequest | ReplyBatch | undefined,
    post: (message: WorkerMessage) => port.postMessage(message),
    servesSessions: init.sessions === true,
  });
});
