import type { ConformanceTool } from "./adapter-harness.js";

/** What the suite's tools saw, reset before every test. */
export interface ConformanceState {
  echoed: unknown[];
  lookupCalls: number;
  /** Calls of `rendezvous` that have arrived. */
  arrivals: number;
  afterAbortCalls: number;
  /** The signal the adapter gave `wait_for_abort`. */
  waitSignal: AbortSignal | undefined;
  /** Resolves once `wait_for_abort` is running. */
  waitStarted: Promise<void>;
  /** Resolves once two `rendezvous` calls are in flight together. */
  arrived: Promise<void>;
  markArrived(): void;
  /** Called by `wait_for_abort` when it starts. */
  markStarted(): void;
  reset(): void;
}

/** Creates the state object the suite's tools write to. */
export function createConformanceState(): ConformanceState {
  const state: ConformanceState = {
    echoed: [],
    lookupCalls: 0,
    arrivals: 0,
    arrived: Promise.resolve(),
    markArrived: () => {},
    afterAbortCalls: 0,
    waitSignal: undefined,
    waitStarted: Promise.resolve(),
    markStarted: () => {},
    reset() {
      state.echoed = [];
      state.lookupCalls = 0;
      state.arrivals = 0;
      state.arrived = new Promise((resolve) => (state.markArrived = resolve));
      state.afterAbortCalls = 0;
      state.waitSignal = undefined;
      state.waitStarted = new Promise((resolve) => (state.markStarted = resolve));
    },
  };
  state.reset();
  return state;
}

const NAMESPACE = "conformance";
const anyObject = { type: "object" };

/** The tools every adapter's harness must expose as `tools.conformance.<name>`. */
export function createConformanceTools(state: ConformanceState): ConformanceTool[] {
  return [
    {
      namespace: NAMESPACE,
      name: "echo",
      description: "Returns its arguments unchanged.",
      inputSchema: anyObject,
      execute: async (args) => {
        state.echoed.push(args);
        return args;
      },
    },
    {
      namespace: NAMESPACE,
      name: "lookup",
      description: "Looks a record up by id.",
      inputSchema: {
        type: "object",
        properties: { id: { type: "string" } },
        required: ["id"],
        additionalProperties: false,
      },
      execute: async ({ id }: { id: string }) => {
        state.lookupCalls += 1;
        return { id, note: null, missing: undefined };
      },
    },
    {
      namespace: NAMESPACE,
      name: "fail",
      description: "Throws an Error with the given message.",
      inputSchema: { type: "object", properties: { message: { type: "string" } }, required: ["message"] },
      execute: async ({ message }: { message: string }) => {
        throw new Error(message);
      },
    },
    {
      namespace: NAMESPACE,
      name: "rendezvous",
      description: "Returns once two calls of it are running at the same time.",
      inputSchema: anyObject,
      execute: async (_args, { signal }) => {
        state.arrivals += 1;
        if (state.arrivals === 2) state.markArrived();
        // Calls run one after another never meet: the first waits until the run is cancelled or times out.
        await Promise.race([
          state.arrived,
          new Promise((_resolve, reject) => signal.addEventListener("abort", () => reject(signal.reason), { once: true })),
        ]);
        return state.arrivals;
      },
    },
    {
      namespace: NAMESPACE,
      name: "wait_for_abort",
      description: "Waits until its call is cancelled.",
      inputSchema: anyObject,
      execute: (_args, { signal }) => {
        state.waitSignal = signal;
        state.markStarted();
        return new Promise((_resolve, reject) => {
          const abort = () => reject(Object.assign(new Error("The call was aborted."), { name: "AbortError" }));
          if (signal.aborted) abort();
          else signal.addEventListener("abort", abort, { once: true });
        });
      },
    },
    {
      namespace: NAMESPACE,
      name: "after_abort",
      description: "Counts calls; a cancelled script never reaches it.",
      inputSchema: anyObject,
      execute: async () => {
        state.afterAbortCalls += 1;
        return "reached";
      },
    },
  ];
}
