import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import {
  ADVERSARIAL_ALLOW,
  ADVERSARIAL_CASES,
  ADVERSARIAL_WORKSPACE,
  createAdversaryTools,
  describeAdapterConformance,
  describeAdversarialSuite,
} from "../testing/index.js";
import { createCodeMode } from "./create-code-mode.js";
import { defineTool } from "../tools/index.js";

// The engine on the host's own thread, as Cloudflare Workers run it: the same contract as the worker threads', but for
// the built-in calls only a worker's termination stops (docs/isolation.md).
describeAdversarialSuite(
  "createCodeMode in process",
  async (limits) => {
    const dir = await mkdtemp(join(tmpdir(), "codemode-adversarial-"));
    const workspace = { dir, ...ADVERSARIAL_WORKSPACE };
    const codeMode = createCodeMode({ engine: "in-process", tools: createAdversaryTools(), limits, workspace, check: "off" });
    return {
      execute: (code, principal = "adversary") =>
        codeMode.execute(code, principal === "adversary" ? { owner: principal, allow: ADVERSARIAL_ALLOW } : { owner: principal }),
      async close() {
        await codeMode.close();
        await rm(dir, { recursive: true, force: true });
      },
    };
  },
  { cases: ADVERSARIAL_CASES.filter((entry) => !entry.hardStop) },
);

describeAdapterConformance("the core in process", (specs, { limits }) => {
  const codeMode = createCodeMode({
    engine: "in-process",
    tools: specs.map((spec) => ({
      name: `${spec.namespace}.${spec.name}`,
      description: spec.description,
      inputSchema: spec.inputSchema,
      execute: (args: unknown, { signal }: { signal: AbortSignal }) => spec.execute(args, { signal }),
    })),
    limits,
  });
  return {
    run: async (code, { signal } = {}) => {
      const result = await codeMode.execute(code, { signal });
      return { result, modelOutput: JSON.stringify(result) };
    },
    close: () => codeMode.close(),
  };
});

describe("createCodeMode with engine in-process", () => {
  let inFlight = 0;
  let mostInFlight = 0;
  const sleep = defineTool({
    name: "clock.sleep",
    description: "Waits.",
    inputSchema: { type: "object", properties: { ms: { type: "number" } } },
    execute: async ({ ms }: { ms: number }) => {
      mostInFlight = Math.max(mostInFlight, ++inFlight);
      await new Promise((resolve) => setTimeout(resolve, ms));
      inFlight--;
      return ms;
    },
  });
  const codeMode = createCodeMode({ engine: "in-process", tools: [sleep], poolSize: 2 });
  afterAll(() => codeMode.close());

  it("runs TypeScript, keeps sessions and overlaps runs that wait on tools", async () => {
    const typed = await codeMode.execute("const n: number = 2;\nreturn n * 21;");
    expect(typed).toMatchObject({ status: "completed", result: 42 });
    const waits = Array.from({ length: 4 }, () => codeMode.execute("await tools.clock.sleep({ ms: 50 }); return 1;"));
    const results = await Promise.all(waits);
    expect(results.map((result) => result.result)).toEqual([1, 1, 1, 1]);
    // Two engines on one thread: two runs wait on their tools at once, never more.
    expect(mostInFlight).toBe(2);
  });

  it("refuses an engine the runtime does not offer, naming the runtime", () => {
    expect(() => createCodeMode({ engine: "threads" as never })).toThrow(/engine "threads" is not available on Node\.js: use "workers" or "in-process"/);
  });
});
