import { readFileSync } from "node:fs";
import { afterEach, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { isCodeModeError } from "../errors/index.js";
import { defineTool } from "../tools/index.js";
import type { CodeMode, CreateCodeModeOptions } from "./code-mode.js";
import { createCodeMode } from "./create-code-mode.js";
import type { ExecutionResult } from "../envelopes/index.js";

// Threads of this process (Linux): a session's worker that outlives its session keeps this count up.
const threadCount = (): number => Number(/^Threads:\s+(\d+)/m.exec(readFileSync("/proc/self/status", "utf8"))?.[1]);

function deferred(): { promise: Promise<void>; resolve: () => void } {
  let resolve!: () => void;
  const promise = new Promise<void>((done) => (resolve = done));
  return { promise, resolve };
}

// A slow tool that runs until its signal aborts, so "this session is running" needs no timing.
let entered = deferred();
let aborted = deferred();
const slow = defineTool({
  name: "clock.slow",
  description: "Runs until it is cancelled.",
  inputSchema: z.object({}),
  execute: async (_args, { signal }) => {
    entered.resolve();
    await new Promise<void>((resolve) => signal.addEventListener("abort", () => resolve(), { once: true }));
    aborted.resolve();
    return {};
  },
});

const opened: CodeMode[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((codeMode) => codeMode.close()));
});

function open(options: CreateCodeModeOptions = {}): CodeMode {
  const codeMode = createCodeMode({ tools: [slow], poolSize: 1, sessions: {}, ...options });
  opened.push(codeMode);
  return codeMode;
}

async function startSession(codeMode: CodeMode, code: string, owner?: string): Promise<string> {
  const result = await codeMode.execute(code, { sessionId: "new", ...(owner === undefined ? {} : { owner }) });
  expect(result.error).toBeNull();
  return result.sessionId!;
}

/** Starts a run in the session and waits until it is inside its slow tool call, which lasts until it is cancelled. */
async function startSlowRun(codeMode: CodeMode, sessionId: string): Promise<{ running: Promise<ExecutionResult> }> {
  entered = deferred();
  aborted = deferred();
  const running = codeMode.execute("await tools.clock.slow({}); return 'finished'", { sessionId });
  await entered.promise;
  return { running };
}

describe("createCodeMode", () => {
  // eslint-disable-next-line codemode/no-skipped-tests -- it counts threads in /proc/self/status, which only Linux has
  it.runIf(process.platform === "linux")("ends a session: its worker stops and its id is then not found", async () => {
    const codeMode = open();
    await codeMode.execute("return 1");
    const before = threadCount();
    const sessionId = await startSession(codeMode, "const kept = 1", "ana");
    expect(threadCount()).toBeGreaterThan(before);
    expect(await codeMode.endSession(sessionId, { owner: "ana" })).toBe(true);
    await vi.waitFor(() => expect(threadCount()).toBeLessThanOrEqual(before), { timeout: 5_000, interval: 50 });
    const after = await codeMode.execute("return kept", { sessionId, owner: "ana" });
    expect(after.error?.kind).toBe("SessionNotFound");
  });

  it("makes room for a new session when every session was running", async () => {
    const codeMode = open({ sessions: { maxSessions: 1 } });
    const sessionId = await startSession(codeMode, "const kept = 1");
    const { running } = await startSlowRun(codeMode, sessionId);
    expect((await codeMode.execute("return 1", { sessionId: "new" })).error?.kind).toBe("SessionLimit");
    expect(await codeMode.endSession(sessionId)).toBe(true);
    await running;
    const next = await codeMode.execute("return 2", { sessionId: "new" });
    expect(next.result).toBe(2);
    expect(next.sessionId).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("answers false for another owner's session, which still works for its owner", async () => {
    const codeMode = open();
    const sessionId = await startSession(codeMode, "const secret = 42", "ana");
    expect(await codeMode.endSession(sessionId, { owner: "bob" })).toBe(false);
    expect(await codeMode.endSession(sessionId)).toBe(false);
    expect((await codeMode.execute("return secret", { sessionId, owner: "ana" })).result).toBe(42);
  });

  it("cancels the run in flight, says the session was ended, and aborts its tool call", async () => {
    const codeMode = open();
    const sessionId = await startSession(codeMode, "const kept = 1");
    const { running } = await startSlowRun(codeMode, sessionId);
    const queued = codeMode.execute("return kept", { sessionId });
    expect(await codeMode.endSession(sessionId)).toBe(true);
    const result = await running;
    expect(result.status).toBe("failed");
    expect(result.error?.kind).toBe("Cancelled");
    expect(result.error?.message).toMatch(/^The execution was cancelled: the session was ended/);
    expect(result.sessionId).toBeUndefined();
    expect(result.toolCalls.map((call) => call.tool)).toEqual(["clock.slow"]);
    await aborted.promise;
    expect((await queued).error?.kind).toBe("SessionNotFound");
  });

  it("answers false the second time, and for an unknown id", async () => {
    const codeMode = open();
    const sessionId = await startSession(codeMode, "const kept = 1");
    expect(await codeMode.endSession(sessionId)).toBe(true);
    expect(await codeMode.endSession(sessionId)).toBe(false);
    expect(await codeMode.endSession("00000000-0000-4000-8000-000000000000")).toBe(false);
    expect(await codeMode.endSession("new")).toBe(false);
  });

  it("leaves other sessions running", async () => {
    const codeMode = open();
    const one = await startSession(codeMode, "const who = 'one'");
    const two = await startSession(codeMode, "const who = 'two'");
    expect(await codeMode.endSession(one)).toBe(true);
    expect((await codeMode.execute("return who", { sessionId: two })).result).toBe("two");
  });

  it("throws INVALID_OPTIONS without sessions, as execute does for a sessionId", async () => {
    const codeMode = open({ sessions: undefined });
    const error = await codeMode.endSession("00000000-0000-4000-8000-000000000000").catch((caught: unknown) => caught);
    expect(isCodeModeError(error) && error.code).toBe("INVALID_OPTIONS");
    const fromExecute = await codeMode.execute("return 1", { sessionId: "new" }).catch((caught: unknown) => caught);
    expect((error as Error).message).toBe((fromExecute as Error).message);
  });

  it("throws INVALID_OPTIONS for an id or owner that is not a string", async () => {
    const codeMode = open();
    for (const call of [() => codeMode.endSession(undefined as unknown as string), () => codeMode.endSession("x", { owner: 7 as unknown as string })]) {
      const error = await call().catch((caught: unknown) => caught);
      expect(isCodeModeError(error) && error.code).toBe("INVALID_OPTIONS");
    }
  });

  it("answers false after close, which ended every session", async () => {
    const codeMode = open();
    const sessionId = await startSession(codeMode, "const kept = 1");
    await codeMode.close();
    expect(await codeMode.endSession(sessionId)).toBe(false);
  });
});
