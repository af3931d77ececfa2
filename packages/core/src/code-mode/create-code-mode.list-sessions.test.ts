import { afterEach, describe, expect, it } from "vitest";
import { defineTool } from "../tools/index.js";
import type { CodeMode, CreateCodeModeOptions } from "./code-mode.js";
import { createCodeMode } from "./create-code-mode.js";

let entered!: () => void;
const slow = defineTool({
  name: "clock.slow",
  description: "Runs until it is cancelled.",
  execute: (_args, { signal }) => {
    entered();
    return new Promise((resolve) => signal.addEventListener("abort", () => resolve({}), { once: true }));
  },
});

const opened: CodeMode[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((codeMode) => codeMode.close()));
});

function open(options: CreateCodeModeOptions = {}): CodeMode {
  const codeMode = createCodeMode({ tools: [slow], poolSize: 1, sessions: { maxLiveSessions: 1 }, ...options });
  opened.push(codeMode);
  return codeMode;
}

const start = async (codeMode: CodeMode, owner: string) => (await codeMode.execute("let kept = 1; return kept", { sessionId: "new", owner })).sessionId!;

describe("listSessions", () => {
  it("lists an owner's open sessions, newest first, live or hibernated, and none of another owner's", async () => {
    const codeMode = open();
    const first = await start(codeMode, "ana");
    const theirs = await start(codeMode, "bob");
    const second = await start(codeMode, "ana");
    const listed = await codeMode.listSessions({ owner: "ana" });
    expect(listed.map((session) => session.sessionId)).toEqual([second, first]);
    // One session may be live at a time here: the newest holds the worker, the first one was hibernated.
    expect(listed.map(({ live, running }) => ({ live, running }))).toEqual([
      { live: true, running: false },
      { live: false, running: false },
    ]);
    expect(listed[0]!.expiresAt).toBeGreaterThan(Date.now());
    expect((await codeMode.listSessions({ owner: "bob" })).map((session) => session.sessionId)).toEqual([theirs]);
    expect(await codeMode.listSessions()).toEqual([]);
  });

  it("says which session is running, and forgets an ended one", async () => {
    const codeMode = open();
    const sessionId = await start(codeMode, "ana");
    const inside = new Promise<void>((resolve) => (entered = resolve));
    const running = codeMode.execute("await tools.clock.slow({}); return 2", { sessionId, owner: "ana" });
    await inside;
    expect(await codeMode.listSessions({ owner: "ana" })).toMatchObject([{ sessionId, running: true }]);
    expect(await codeMode.endSession(sessionId, { owner: "ana" })).toBe(true);
    await running;
    expect(await codeMode.listSessions({ owner: "ana" })).toEqual([]);
  });

  it("throws INVALID_OPTIONS without sessions", async () => {
    const codeMode = createCodeMode({ poolSize: 1 });
    opened.push(codeMode);
    await expect(codeMode.listSessions()).rejects.toThrow(/listSessions needs sessions/);
  });
});
