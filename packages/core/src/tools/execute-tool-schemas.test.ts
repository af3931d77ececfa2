import { Ajv2020 } from "ajv/dist/2020.js";
import { afterAll, describe, expect, it } from "vitest";
import { createCodeMode } from "../index.js";
import type { ExecutionResult } from "../envelopes/index.js";
import { EXECUTION_RESULT_SCHEMA, executeInputSchema, SESSION_ID_DESCRIPTION } from "./execute-tool-schemas.js";

const ajv = new Ajv2020({ strict: true, allErrors: true });
const validateResult = ajv.compile(EXECUTION_RESULT_SCHEMA);

function expectValid(result: ExecutionResult): void {
  const valid = validateResult(result);
  expect(validateResult.errors ?? [], JSON.stringify(result)).toEqual([]);
  expect(valid).toBe(true);
}

const tools = [
  { name: "util.echo", description: "Echoes.", execute: async (args: unknown) => args },
  { name: "util.fail", description: "Fails.", execute: async () => Promise.reject(new Error("locked")) },
  { name: "util.guarded", description: "Needs approval.", requiresApproval: true, execute: async () => "ok" },
];
const limits = { timeoutMs: 2_000, maxOutputBytes: 4096 };

describe("EXECUTION_RESULT_SCHEMA", () => {
  const envelope = createCodeMode({
    tools,
    poolSize: 1,
    limits,
    trace: { arguments: true, results: true },
    approve: async () => true,
    sessions: { maxSessions: 2 },
  });
  const values = createCodeMode({ tools, poolSize: 1, limits, callStyle: "value", output: "printed" });
  afterAll(() => Promise.all([envelope.close(), values.close()]));

  it("validates completed runs with logs, traced and approved tool calls, and diagnostics", async () => {
    const result = await envelope.execute(
      `console.log("hi"); await tools.util.echo({ a: 1 }); await tools.util.fail({}); await tools.util.guarded({});
tools.util.echo({ left: "running" });
return { done: true };`,
    );
    expect(result).toMatchObject({ status: "completed", toolCalls: [{ arguments: { a: 1 } }, { ok: false }, { approval: { approved: true } }, {}] });
    expect(result.diagnostics.length).toBeGreaterThan(0);
    expectValid(result);
  });

  it("validates failed runs of every major kind", async () => {
    // One at a time, so that no run waits behind another and the deadline only stops the endless loop.
    const runs = [
      () => envelope.execute("const a = ;"),
      () => envelope.execute("null.x;"),
      () => envelope.execute("while (true) {}"),
      () => envelope.execute(`return "x".repeat(10000);`),
      () => envelope.execute("return 1;", { sessionId: "no-such-session" }),
      () => envelope.execute("await new Promise(() => {});", { signal: AbortSignal.abort() }),
      () => values.execute("await tools.util.fail({});"),
      () => envelope.execute("await new Promise(() => {});"),
      () => envelope.execute("const f = () => f(); f();"),
      () => envelope.execute(`const kept = []; for (;;) kept.push("x".repeat(1 << 20) + kept.length);`),
    ];
    const failures: ExecutionResult[] = [];
    for (const run of runs) failures.push(await run());
    expect(failures.map((result) => result.error?.kind)).toEqual([
      "ParseError",
      "ScriptError",
      "TimeoutExceeded",
      "ResultTooLarge",
      "SessionNotFound",
      "Cancelled",
      "ToolCallFailed",
      "NeverSettled",
      "StackOverflow",
      "MemoryLimitExceeded",
    ]);
    for (const result of failures) expectValid(result);
  });

  it("validates truncated, printed and session runs", async () => {
    const truncated = await envelope.execute(`for (let i = 0; i < 50; i++) console.log("line".repeat(40)); return 1;`);
    expect(truncated.truncation?.logsOmitted).toBeGreaterThan(0);
    const printed = await values.execute(`console.log("answer", 42);`);
    expect(printed).toMatchObject({ output: "printed", result: "answer 42" });
    const session = await envelope.execute("const kept = 1; return kept;", { sessionId: "new" });
    expect(session.sessionId).toEqual(expect.any(String));
    for (const result of [truncated, printed, session]) expectValid(result);
  });

  it("validates paused, resumed, refused and diverged runs of pause mode", async () => {
    const pausing = createCodeMode({ tools, poolSize: 1, limits, approvals: { mode: "pause", secret: "schema test" } });
    try {
      const code = `await tools.util.echo({ a: 1 }); return await tools.util.guarded({});`;
      const paused = await pausing.execute(code);
      expect(paused).toMatchObject({ status: "paused", pending: [{ tool: "util.guarded", arguments: {}, line: 1 }] });
      const decisions = { [paused.pending![0]!.callId]: true };
      const resumed = await pausing.resume(paused.continuation!, { decisions, owner: "" });
      expect(resumed).toMatchObject({ status: "completed", result: { ok: true, data: "ok" } });
      const refused = await pausing.resume(paused.continuation!, { decisions, owner: "" });
      const diverged = await pausing.resume((await pausing.execute(code)).continuation!, { decisions: {}, owner: "", code: "return 1;" });
      expect([refused.error?.kind, diverged.error?.kind]).toEqual(["ContinuationRefused", "ResumeDiverged"]);
      for (const result of [paused, resumed, refused, diverged]) expectValid(result);
    } finally {
      await pausing.close();
    }
  });

  it("refuses a result with a field the type does not have", () => {
    const result = { status: "completed", result: null, error: null, diagnostics: [], logs: [], toolCalls: [], durationMs: 1 };
    expect(validateResult(result)).toBe(true);
    expect(validateResult({ ...result, extra: 1 })).toBe(false);
  });
});

describe("executeInputSchema", () => {
  it("takes code, and a sessionId and args only when asked", () => {
    expect(executeInputSchema()).toMatchObject({ type: "object", required: ["code"], additionalProperties: false });
    expect(Object.keys(executeInputSchema().properties as object)).toEqual(["code"]);
    const full = executeInputSchema({ sessions: true, args: { type: "array", items: { type: "string" } } });
    expect(full.properties).toMatchObject({
      sessionId: { type: "string", minLength: 1, description: SESSION_ID_DESCRIPTION },
      args: { type: "array", description: expect.any(String) },
    });
    expect(ajv.validateSchema(full)).toBe(true);
  });
});
