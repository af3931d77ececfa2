import { cancelledOutcome, failedOutcome } from "../../envelopes/index.js";
import { memoryPages, type PoolJob, type WorkerPool, type WorkerPoolOptions } from "../host/index.js";
import type { RunOutcome, RunRequest } from "../protocol.js";
import { createEngineRealms, createGuestEngine, preloadEngineCode, runGuestAsync, type EngineRealms, type GuestEngine } from "../worker/index.js";
import { createInProcessChannel, type InProcessChannel } from "./in-process-channel.js";

/** Options of {@link createInProcessPool}: a worker pool's, and where the engine's compiled module comes from. */
export interface InProcessPoolOptions extends WorkerPoolOptions {
  engineModule(): Promise<WebAssembly.Module>;
  /** Count each script's work against its deadline too: the host's clock may stand still while code runs. */
  countWork?: boolean;
}

/** One engine on the host's thread: a QuickJS module in its own capped memory, running one run at a time. */
interface EngineSlot {
  engine: Promise<GuestEngine>;
  realms?: EngineRealms;
  running?: InProcessRun;
}

interface InProcessRun {
  id: number;
  job: PoolJob;
  resolve(outcome: RunOutcome): void;
  settled: boolean;
  channel?: InProcessChannel;
  onAbort?: () => void;
}

let runSequence = 0;

/**
 * The QuickJS stack limit on the host's thread (about 330 frames of plain recursion). The engine's recursion grows
 * the thread's own stack too (its WebAssembly frames), by up to several times what it counts against its own limit
 * (JSON.stringify of deep nesting the most): measured on Node.js's main thread, only at 64 KiB did every adversarial
 * case end at QuickJS's guard rather than the host's. A worker thread gets a stack 32 times its limit instead.
 */
export const IN_PROCESS_MAX_STACK_BYTES = 64 * 1024;

/**
 * Creates a pool of engines on the host's own thread, for hosts without threads (Cloudflare Workers, edge runtimes)
 * or by choice: runs take turns on the thread and overlap only while they wait for tool calls. The same run loop as a
 * worker thread's; what is lost is said in docs/isolation.md (no hard stop of a long built-in call, no parallel runs,
 * a corrupt engine is replaced but the thread is the host's).
 */
export function createInProcessPool(options: InProcessPoolOptions): WorkerPool {
  const slots = new Set<EngineSlot>();
  const queue: InProcessRun[] = [];
  const pages = memoryPages(options.memoryBytes);
  let closed = false;

  const settle = (run: InProcessRun, outcome: RunOutcome) => {
    if (run.settled) return;
    run.settled = true;
    if (run.onAbort) run.job.signal?.removeEventListener("abort", run.onAbort);
    run.resolve(outcome);
  };

  const start = (): EngineSlot => {
    const slot: EngineSlot = {
      engine: Promise.all([options.engineModule(), preloadEngineCode()]).then(([wasmModule]) =>
        createGuestEngine({ wasmModule, ...pages, serializerSource: options.serializerSource }),
      ),
    };
    slots.add(slot);
    slot.engine.then(
      (engine) => {
        slot.realms = createEngineRealms(engine, options.sessions === true);
        dispatch();
      },
      () => {
        slots.delete(slot);
        // An engine that cannot even start would be started again forever: fail what waits instead.
        if (![...slots].some((other) => other.realms)) {
          for (const run of queue.splice(0)) settle(run, failedOutcome("InternalError", "The sandbox could not start."));
        }
      },
    );
    return slot;
  };

  const retire = (slot: EngineSlot) => {
    if (slots.delete(slot)) options.onWorkerLost?.();
  };

  const execute = async (slot: EngineSlot, run: InProcessRun) => {
    slot.running = run;
    const engine = await slot.engine;
    const { limits } = run.job.request;
    const maxStackBytes = Math.min(limits.maxStackBytes, IN_PROCESS_MAX_STACK_BYTES);
    const request: RunRequest = { type: "run", id: run.id, ...run.job.request, limits: { ...limits, maxStackBytes } };
    const channel = createInProcessChannel((batch) => {
      if (!run.settled) run.job.onCalls(batch, (replies) => channel.reply(replies), (held) => channel.hold(held));
    });
    run.channel = channel;
    const realm = slot.realms!.take(request);
    let retiring = realm === null;
    if (realm !== null) {
      const report = (done: { outcome: RunOutcome; retire: boolean }) => {
        retiring ||= done.retire;
        settle(run, done.outcome);
      };
      try {
        const result = await runGuestAsync({ engine, request, channel, report, realm, countWork: options.countWork });
        retiring ||= !slot.realms!.finish(request, result);
      } catch {
        retiring = true;
      }
    }
    channel.close();
    slot.running = undefined;
    // The run never reported (its realm could not be made): it starts again on another engine.
    if (!run.settled) queue.unshift(run);
    if (retiring) retire(slot);
    else prepareAhead(slot);
    dispatch();
  };

  // The next run's realm is made once the thread is free, after the caller had its result: a macrotask later.
  const prepareAhead = (slot: EngineSlot) => {
    setTimeout(() => {
      try {
        while (!closed && !slot.running && slots.has(slot) && slot.realms!.prepareAhead());
      } catch {
        retire(slot);
      }
    });
  };

  const dispatch = () => {
    if (closed) return;
    for (const slot of slots) {
      if (queue.length === 0) return;
      if (slot.realms && !slot.running) void execute(slot, queue.shift()!);
    }
    const starting = [...slots].filter((slot) => !slot.realms).length;
    for (let missing = Math.min(queue.length - starting, options.size - slots.size); missing > 0; missing--) start();
  };

  const cancel = (run: InProcessRun) => {
    const index = queue.indexOf(run);
    if (index >= 0) queue.splice(index, 1);
    if (run.channel) run.channel.cancel();
    else settle(run, cancelledOutcome());
  };

  return {
    run(job) {
      if (closed) return Promise.resolve(failedOutcome("Cancelled", "The code mode was closed."));
      if (job.signal?.aborted) return Promise.resolve(cancelledOutcome());
      return new Promise<RunOutcome>((resolve) => {
        const run: InProcessRun = { id: ++runSequence, job, resolve, settled: false };
        if (job.signal) {
          run.onAbort = () => cancel(run);
          job.signal.addEventListener("abort", run.onAbort, { once: true });
        }
        queue.push(run);
        dispatch();
      });
    },
    warm() {
      if (!closed && slots.size === 0) start();
    },
    // Nothing sleeps here to be woken ahead of a run.
    expect() {},
    stats() {
      let running = 0;
      for (const slot of slots) if (slot.running) running++;
      return { running, queued: queue.length };
    },
    async close() {
      closed = true;
      const outcome = failedOutcome("Cancelled", "The code mode was closed.");
      for (const run of queue.splice(0)) settle(run, outcome);
      for (const slot of slots) {
        const run = slot.running;
        if (!run) continue;
        settle(run, outcome);
        run.channel?.cancel();
      }
      slots.clear();
    },
  };
}
