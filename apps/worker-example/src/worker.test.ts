import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ExecutionResult } from "@codemode/core";
import type { ServedWorker } from "@codemode/runtime-harness";
import { startWorker } from "./start-worker.js";

let worker: ServedWorker;
const execute = async (code: string, check = false): Promise<ExecutionResult> => {
  const response = await fetch(`${worker.url}/execute`, { method: "POST", body: JSON.stringify({ code, check }) });
  expect(response.status).toBe(200);
  return (await response.json()) as ExecutionResult;
};

describe("a Cloudflare Worker running scripts in workerd", () => {
  beforeAll(async () => {
    worker = await startWorker();
  }, 60_000);
  afterAll(() => worker?.stop());

  it("runs a script that calls tools and returns only the answer", async () => {
    const result = await execute(`const orders = await tools.shop.list_orders({ customer: "ada" });
return orders.data.reduce((sum, order) => sum + order.total, 0);`);
    expect(result).toMatchObject({ status: "completed", result: 165, toolCalls: [{ tool: "shop.list_orders", ok: true }] });
  });

  it("runs a script unchecked where the check cannot start, and says so in its diagnostics", async () => {
    const result = await execute(`return (await tools.shop.list_orders({})).data.length;`, true);
    expect(result).toMatchObject({ status: "completed", result: 3 });
    expect(result.diagnostics).toEqual([
      {
        code: "check_unavailable",
        message: expect.stringContaining("The script ran unchecked: The script check runs TypeScript 7's native compiler, which Cloudflare Workers cannot start"),
      },
    ]);
  });

  it("strips TypeScript with the stripper imported as a WebAssembly module", async () => {
    const result = await execute("const n: number = 21;\nreturn n * 2;");
    expect(result).toMatchObject({ status: "completed", result: 42 });
  });

  it("ends `while (true) {}` at its deadline and answers the next request", async () => {
    const looped = await execute("while (true) {}");
    expect(looped.status).toBe("failed");
    expect(looped.error).toMatchObject({ kind: "TimeoutExceeded", message: "Script ran past its 1000 ms deadline; limits.timeoutMs raises it." });
    expect(await execute("return 'next';")).toMatchObject({ status: "completed", result: "next" });
  });

  it("holds the memory limit and answers the next request", async () => {
    const bomb = await execute("const keep = []; for (;;) keep.push('x'.repeat(1 << 20) + keep.length);");
    expect(bomb.status).toBe("failed");
    expect(bomb.error?.kind).toBe("MemoryLimitExceeded");
    expect(await execute("return [1, 2, 3].map((n) => n * 2);")).toMatchObject({ status: "completed", result: [2, 4, 6] });
  });

  it("refuses the workspace, which needs a file system, naming the runtime", async () => {
    const answer = (await (await fetch(`${worker.url}/workspace`)).json()) as { refused: boolean; message: string };
    expect(answer).toEqual({ refused: true, message: "workspace needs a file system (Node.js, Bun or Deno); Cloudflare Workers has none to give scripts." });
  });

  it("refuses a script that reaches for the host, and reports where it failed", async () => {
    const result = await execute("const f = globalThis.fetch;\nreturn f('http://example.com');");
    expect(result.status).toBe("failed");
    expect(result.error).toMatchObject({ kind: "ScriptError", line: 2 });
  });
});
