// The entry of a sandbox worker thread: it instantiates the precompiled engine in a capped memory, then runs one
// request at a time, synchronously, posting the outcome back. Between runs it sleeps in Atomics.wait rather than in
// its event loop: the host posts runs and replies on one port and bumps the wake counter, which wakes this thread
// sooner than a message through the event loop would.
import { parentPort, receiveMessageOnPort, type MessagePort } from "node:worker_threads";
import { isCancelled, SIGNAL, type ReplyBatch, type RunDone, type RunRequest, type WorkerInit } from "../protocol.js";
import { createGuestEngine, type GuestEngine } from "./create-guest-engine.js";
import type { GuestChannel } from "./guest-channel.js";
import { createEngineRealms } from "./engine-realms.js";
import { runGuest } from "./run-guest.js";

const port = parentPort!;

/** Runs the host posted, in order, read from the port while a run waits for replies or the worker sleeps. */
const queued: RunRequest[] = [];

/** Reads every message waiting on the port: runs are queued, replies of `runId` returned, stale replies dropped. */
function drain(replyPort: MessagePort, runId: number): ReplyBatch["replies"] {
  const replies: ReplyBatch["replies"] = [];
  for (let message = receiveMessageOnPort(replyPort); message; message = receiveMessageOnPort(replyPort)) {
    const received = message.message as ReplyBatch | RunRequest;
    if (received.type === "run") queued.push(received);
    else if (received.id === runId) replies.push(...received.replies);
  }
  return replies;
}

function createChannel(flags: Int32Array, replyPort: MessagePort): GuestChannel {
  // Time this worker slept while the host held the run for an approval; only blocked time counts, never the script's.
  const held = { runId: 0, ms: 0 };
  return {
    send: (batch) => port.postMessage(batch),
    isCancelled: (runId) => isCancelled(flags, runId),
    heldMs: (runId) => (held.runId === runId ? held.ms : 0),
    wait(runId, deadline) {
      for (;;) {
        const seen = Atomics.load(flags, SIGNAL.wake);
        const replies = drain(replyPort, runId);
        if (replies.length > 0) return replies;
        if (isCancelled(flags, runId)) return "cancelled";
        if (Atomics.load(flags, SIGNAL.held) === runId) {
          // Runs posted behind this one would wait for the person too: hand them back for another worker.
          if (queued.length > 0) port.postMessage({ type: "returned", ids: queued.splice(0).map((run) => run.id) });
          // No deadline while a person decides: the host wakes this thread when the hold ends or the run is cancelled.
          const since = Date.now();
          Atomics.wait(flags, SIGNAL.wake, seen);
          if (held.runId !== runId) Object.assign(held, { runId, ms: 0 });
          held.ms += Date.now() - since;
          deadline += Date.now() - since;
          continue;
        }
        const remaining = deadline - Date.now();
        if (remaining <= 0) return "timeout";
        Atomics.wait(flags, SIGNAL.wake, seen, remaining);
      }
    },
  };
}

/** How long a worker told a run is coming polls for it before it sleeps again. */
const SOON_POLL_MS = 0.25;

/**
 * Polls for the run the host said is coming (see SIGNAL.soon): posted within the host's preparation, it then starts
 * without a second wake-up. Bounded, so a run that does not come costs a quarter of a millisecond of this core.
 */
function awaitSoon(flags: Int32Array, seen: number): void {
  const until = performance.now() + SOON_POLL_MS;
  while (Atomics.load(flags, SIGNAL.wake) === seen && performance.now() < until);
}

/** Runs what the host posts until the module must not be used again; the pool then terminates this thread. */
function serve(engine: GuestEngine, flags: Int32Array, replyPort: MessagePort, servesSessions: boolean): void {
  const channel = createChannel(flags, replyPort);
  const realms = createEngineRealms(engine, servesSessions);
  for (;;) {
    const seen = Atomics.load(flags, SIGNAL.wake);
    drain(replyPort, 0);
    const request = queued.shift();
    if (request === undefined) {
      if (realms.prepareAhead()) continue;
      if (Atomics.exchange(flags, SIGNAL.soon, 0) === 1) awaitSoon(flags, seen);
      else Atomics.wait(flags, SIGNAL.wake, seen);
      continue;
    }
    // A run that came without the poll (it was already posted) leaves no poll owed for the next idle moment.
    Atomics.store(flags, SIGNAL.soon, 0);
    const realm = realms.take(request);
    if (realm === null) {
      port.postMessage({ type: "retired" });
      return;
    }
    let reported = false;
    const report = (done: RunDone) => {
      reported = done.retire;
      port.postMessage(done);
    };
    if (!realms.finish(request, runGuest({ engine, request, channel, report, realm }))) {
      // The runs posted after this one never start: the pool hands them to a fresh worker.
      if (!reported) port.postMessage({ type: "retired" });
      return;
    }
  }
}

port.once("message", async (init: WorkerInit) => {
  const engine = await createGuestEngine(init);
  port.postMessage({ type: "ready" });
  serve(engine, new Int32Array(init.signal!), init.replyPort!, init.sessions === true);
});
