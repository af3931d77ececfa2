// The entry of a sandbox Web Worker (browsers): it instantiates the engine the page compiled, in a capped memory, then
// runs one request at a time. In a cross-origin isolated page it serves as a worker thread does, blocking in
// Atomics.wait and reading the page's runs and replies from its shared mailbox; elsewhere it awaits them as messages.
import type { ReplyBatch, RunDone, RunRequest, WorkerInit, WorkerMessage } from "../protocol.js";
import { createInProcessChannel, type InProcessChannel } from "../in-process/index.js";
import { createEngineRealms, createGuestEngine, runGuestAsync, serveBlocking, type EngineRealms, type GuestEngine } from "../worker/index.js";
import { createMailboxReader } from "./shared-mailbox.js";
import type { SignalMessage } from "./start-web-worker.js";
import type { WorkerScope } from "./web-worker-scope.js";

const scope = globalThis as unknown as WorkerScope;
const post = (message: WorkerMessage) => scope.postMessage(message);

const queued: RunRequest[] = [];
let nextRun: ((request: RunRequest) => void) | undefined;
let current: { id: number; channel: InProcessChannel } | undefined;
/** Runs the page cancelled before they started. */
const cancelled = new Set<number>();

scope.onmessage = (event) => {
  const message = event.data as WorkerInit | RunRequest | ReplyBatch | SignalMessage;
  if (message.type === "init") {
    void start(message);
  } else if (message.type === "run") {
    if (nextRun) nextRun(message);
    else queued.push(message);
  } else if (message.type === "replies") {
    if (current?.id === message.id) current.channel.reply(message.replies);
  } else if (message.flag === "cancel") {
    if (current?.id === message.runId) current.channel.cancel();
    else cancelled.add(message.runId);
  } else if (current) {
    const held = message.runId === current.id;
    current.channel.hold(held);
    // Runs posted behind one that waits for a person would wait too: hand them back for another worker.
    if (held && queued.length > 0) post({ type: "returned", ids: queued.splice(0).map((run) => run.id) });
  }
};

async function start(init: WorkerInit): Promise<void> {
  const engine = await createGuestEngine(init);
  post({ type: "ready" });
  const servesSessions = init.sessions === true;
  if (!init.signal || !init.mailbox) return serve(engine, createEngineRealms(engine, servesSessions));
  // From here on this worker never returns to its event loop: everything the page sends comes through shared memory.
  const read = createMailboxReader(init.mailbox, (taken) => scope.postMessage(taken));
  serveBlocking({ engine, flags: new Int32Array(init.signal), read, post, servesSessions });
}

/** Runs what the page posts as messages until the engine must not be used again; the pool then terminates this worker. */
async function serve(engine: GuestEngine, realms: EngineRealms): Promise<void> {
  for (;;) {
    let request = queued.shift();
    if (request === undefined) {
      // The next run's realm is made while none waits; a run that comes meanwhile waits one step at most.
      if (realms.prepareAhead()) {
        await new Promise((resolve) => setTimeout(resolve, 0));
        continue;
      }
      request = await new Promise<RunRequest>((resolve) => (nextRun = resolve));
      nextRun = undefined;
    }
    const channel = createInProcessChannel((batch) => post(batch));
    const id = request.id;
    if (cancelled.delete(id)) channel.cancel();
    current = { id, channel };
    const realm = realms.take(request);
    if (realm === null) return post({ type: "retired" });
    let reported = false;
    const report = (done: RunDone) => {
      reported = done.retire;
      post(done);
    };
    const result = await runGuestAsync({ engine, request, channel, report, realm });
    channel.close();
    current = undefined;
    if (!realms.finish(request, result)) {
      if (!reported) post({ type: "retired" });
      return;
    }
  }
}
