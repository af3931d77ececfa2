import type { ExecutionResult } from "@codemode/core";
import { describe, expect, it } from "vitest";
import { parsePrometheusText, sample } from "../__fixtures__/prometheus-text.js";
import { createLogger, type LogEntry } from "./create-logger.js";
import { createOperations, type TrackedRunOptions } from "./create-operations.js";

const completed: ExecutionResult = { status: "completed", result: 1, error: null, diagnostics: [], logs: [], toolCalls: [], durationMs: 5 };

async function operationsWith(upstreams: { id: string; status: string }[] = [{ id: "docs", status: "connected" }]) {
  const entries: LogEntry[] = [];
  const logger = createLogger({ write: (_message, entry) => entries.push(entry), level: "debug" });
  const operations = createOperations({ baseDir: ".", logger, upstreams: () => upstreams, queued: () => 0, sessions: () => 0, metrics: { token: "a-metrics-token-0001" } });
  await operations.listen();
  return { operations, entries };
}

/** An execution that ends when told to, or with Cancelled when its signal fires. */
function controllableRun() {
  let finish!: () => void;
  let seen: TrackedRunOptions | undefined;
  const run = (options: TrackedRunOptions) => {
    seen = options;
    return new Promise<ExecutionResult>((resolve) => {
      finish = () => resolve(completed);
      options.signal.addEventListener("abort", () =>
        resolve({ ...completed, status: "failed", result: null, error: { kind: "Cancelled", message: "cancelled", line: null, column: null } }),
      );
    });
  };
  return { run, finish: () => finish(), options: () => seen };
}

describe("createOperations", () => {
  it("serves a Fetch request with a request id, answering its own routes and passing the rest on", async () => {
    const { operations, entries } = await operationsWith();
    const passed: string[] = [];
    const next = async (request: Request) => {
      passed.push(new URL(request.url).pathname);
      return new Response("from mcp", { status: 202 });
    };
    const health = await operations.serveFetch(new Request("http://gateway.test/healthz", { headers: { "x-request-id": "req-fetch-1" } }), next);
    expect(health.status).toBe(200);
    expect(health.headers.get("x-request-id")).toBe("req-fetch-1");
    const mcp = await operations.serveFetch(new Request("http://gateway.test/mcp", { method: "POST", body: "{}" }), next);
    expect([mcp.status, await mcp.text()]).toEqual([202, "from mcp"]);
    expect(mcp.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
    expect(passed).toEqual(["/mcp"]);
    expect(entries.map((entry) => entry.msg)).toEqual(["GET /healthz 200", "POST /mcp 202"]);
    expect(entries[0]?.requestId).toBe("req-fetch-1");
    await operations.close();
  });

  it("hands an execution run inside a request that request's id as a span attribute", async () => {
    const { operations } = await operationsWith();
    const execution = controllableRun();
    await operations.serveFetch(new Request("http://gateway.test/mcp", { headers: { "x-request-id": "req-span-1" } }), async () => {
      const tracked = operations.track({ code: "return 1", signal: new AbortController().signal }, execution.run);
      execution.finish();
      await tracked;
      return new Response(null, { status: 204 });
    });
    expect(execution.options()?.traceAttributes).toEqual({ "codemode.request_id": "req-span-1" });
    await operations.close();
  });

  it("lets a running execution finish while draining, and refuses a new one without running it", async () => {
    const { operations } = await operationsWith();
    const execution = controllableRun();
    const running = operations.track({ code: "return 1", signal: new AbortController().signal }, execution.run);
    const drained = operations.drain(60_000);
    let ran = false;
    const refused = await operations.track({ code: "return 2", signal: new AbortController().signal }, async () => ((ran = true), completed));
    expect(ran).toBe(false);
    expect(refused).toMatchObject({ status: "failed", error: { kind: "Cancelled", message: expect.stringContaining("shutting down") } });
    expect((await operations.route(new Request("http://gateway.test/readyz")))?.status).toBe(503);
    execution.finish();
    expect(await running).toMatchObject({ status: "completed" });
    expect(await drained).toEqual({ finished: 1, cancelled: 0 });
    await operations.close();
  });

  it("waits, when draining, for the response that carries an execution's result to be sent", async () => {
    const { operations } = await operationsWith();
    const execution = controllableRun();
    const response = await operations.serveFetch(new Request("http://gateway.test/mcp", { method: "POST", body: "{}" }), async () => {
      // Like a streamed MCP answer: headers first, the result once the execution ends.
      const result = operations.track({ code: "return 1", signal: new AbortController().signal }, execution.run);
      const body = new ReadableStream({ async pull(controller) { controller.enqueue(new TextEncoder().encode(JSON.stringify(await result))); controller.close(); } });
      return new Response(body, { headers: { "content-type": "application/json" } });
    });
    execution.finish();
    let drained = false;
    const draining = operations.drain(60_000).then(() => (drained = true));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(drained).toBe(false);
    expect(JSON.parse(await response.text())).toMatchObject({ status: "completed" });
    await draining;
    expect(drained).toBe(true);
    await operations.close();
  });

  it("cancels what still runs when the grace period is over", async () => {
    const { operations } = await operationsWith();
    const execution = controllableRun();
    const running = operations.track({ code: "return 1", signal: new AbortController().signal }, execution.run);
    expect(await operations.drain(10)).toEqual({ finished: 0, cancelled: 1 });
    expect(await running).toMatchObject({ status: "failed", error: { kind: "Cancelled" } });
    const metrics = await operations.renderMetrics();
    expect(parsePrometheusText(metrics.body).get(sample("codemode_executions_total", { status: "failed", error_kind: "Cancelled" }))).toBe(1);
    await operations.close();
  });

  it("counts quota refusals by quota", async () => {
    const { operations } = await operationsWith();
    operations.countQuotaRefusal("concurrent");
    operations.countQuotaRefusal("concurrent");
    operations.countQuotaRefusal("per_minute");
    const samples = parsePrometheusText((await operations.renderMetrics()).body);
    expect(samples.get(sample("codemode_quota_refusals_total", { quota: "concurrent" }))).toBe(2);
    expect(samples.get(sample("codemode_quota_refusals_total", { quota: "per_minute" }))).toBe(1);
    await operations.close();
  });
});
