// The run loop of a worker that blocks (a Node.js worker thread, a Web Worker in a cross-origin isolated page): it
// runs one request at a time, synchronously, and sleeps in Atomics.wait on the shared wake counter, between runs and
// while a run waits for replies. How the host's runs and replies reach it (a port read with receiveMessageOnPort, a
// mailbox in shared memory) is the caller's `read`.
import { isCancelled, SIGNAL, type ReplyBatch, type RunDone, type RunRequest, type WorkerMessage } from "../protocol.js";
import type { GuestEngine } from "./create-guest-engine.js";
import type { GuestChannel } from "./guest-channel.js";
import { createEngineRealms } from "./engine-realms.js";
import { runGuest } from "./run-guest.js";

/** What {@link serveBlocking} serves with. */
export interface ServeBlockingOptions {
  engine: GuestEngine;
  /** The shared flags (SIGNAL) the host sets and bumps. */
  flags: Int32Array;
  /** The next message the host posted, or undefined when none waits; never blocks. */
  read(): RunRequest | ReplyBatch | undefined;
  post(message: WorkerMessage): void;
  servesSessions: boolean;
}

/** Runs the host posted, in order, read while a run waits for replies or the worker sleeps. */
const queued: RunRequest[] = [];

/** Reads every message waiting: runs are queued, replies of `runId` returned, stale replies dropped. */
function drain(read: ServeBlockingOptions["read"], runId: number): ReplyBatch["replies"] {
  const replies: ReplyBatch["replies"] = [];
  for (let received = read(); received; received = read()) {
    if (received.type === "run") queued.push(received);
    else if (received.id === runId) replies.push(...received.replies);
  }
  return replies;
}

function createChannel({ flags, read, post }: ServeBlockingOptions): GuestChannel {
  // Time this worker slept while the host held the run for an approval; only blocked time counts, never the script's.
  const held = { runId: 0, ms: 0 };
  return {
    send: (batch) => post(batch),
    isCancelled: (runId) => isCancelled(flags, runId),
    heldMs: (runId) => (held.runId === runId ? held.ms : 0),
    wait(runId, deadline) {
      for (;;) {
        const seen = Atomics.load(flags, SIGNAL.wake);
        const replies = drain(read, runId);
        if (replies.length > 0) return replies;
        if (isCancelled(flags, runId)) return "cancelled";
        if (Atomics.load(flags, SIGNAL.held) === runId) {
          // Runs posted behind this one would wait for the person too: hand them back for another worker.
          if (queued.length > 0) post({ type: "returned", ids: queued.splice(0).map((run) => run.id) });
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

/** Runs what the host posts until the module must not be used again; the pool then terminates this worker. */
export function serveBlocking(options: ServeBlockingOptions): void {
  const { engine, flags, read, post } = options;
  const channel = createChannel(options);
  const realms = createEngineRealms(engine, options.servesSessions);
  for (;;) {
    const seen = Atomics.load(flags, SIGNAL.wake);
    drain(read, 0);
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
      post({ type: "retired" });
      return;
    }
    let reported = false;
    const report = (done: RunDone) => {
      reported = done.retire;
      post(done);
    };
    if (!realms.finish(request, runGuest({ engine, request, channel, report, realm }))) {
      // The runs posted after this one never start: the pool hands them to a fresh worker.
      if (!reported) post({ type: "retired" });
      return;
    }
  }
}
