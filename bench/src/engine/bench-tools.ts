/** A host tool as both the engine and the floor call it: JSON in, JSON out, asynchronous. */
export type HostTool = (args: { i: number; ms?: number }) => Promise<unknown>;

/** The host tools every workload calls: an immediate echo and one that waits on a host timer. */
export const BENCH_TOOLS: Readonly<Record<string, HostTool>> = {
  "bench.echo": async (args) => ({ i: args.i }),
  "bench.sleep": (args) => new Promise((resolve) => setTimeout(() => resolve({ i: args.i }), args.ms ?? 0)),
};

/** The JSON Schema the engine validates the tools' arguments against. */
export const BENCH_INPUT_SCHEMA = {
  type: "object",
  properties: { i: { type: "integer" }, ms: { type: "integer", minimum: 0 } },
  required: ["i"],
  additionalProperties: false,
} as const;
