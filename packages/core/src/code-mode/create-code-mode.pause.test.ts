import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { defineTool, type ToolDefinition } from "../tools/index.js";
import { createMemoryContinuationStore, decodeContinuation, encodeContinuation, type ContinuationStore } from "../approval/index.js";
import { createCodeMode } from "./create-code-mode.js";
import type { CreateCodeModeOptions } from "./code-mode.js";

/** How often each tool ran, by name: what a person would check to know nothing ran twice. */
const ran = new Map<string, number>();
const count = (name: string) => ran.set(name, (ran.get(name) ?? 0) + 1);

function makeTools(): ToolDefinition[] {
  return [
    defineTool({
      name: "crm.find_customer",
      description: "Finds a customer.",
      inputSchema: z.object({ email: z.string() }),
      execute: async ({ email }) => (count("crm.find_customer"), { id: `cus_${email.split("@")[0]}`, balance: 250 }),
    }),
    defineTool({
      name: "billing.refund",
      description: "Refunds an amount; needs approval.",
      inputSchema: z.object({ customer: z.string(), cents: z.number() }),
      requiresApproval: true,
      execute: async ({ customer, cents }) => (count("billing.refund"), { refunded: cents, customer }),
    }),
    defineTool({
      name: "crm.delete_customer",
      description: "Deletes a customer; needs approval.",
      inputSchema: z.object({ id: z.string() }),
      requiresApproval: true,
      execute: async ({ id }) => (count("crm.delete_customer"), { deleted: id }),
    }),
    defineTool({
      name: "mail.send",
      description: "Sends a mail.",
      inputSchema: z.object({ to: z.string(), text: z.string() }),
      execute: async ({ to }) => (count("mail.send"), { sent: to }),
    }),
  ];
}

const secret = "test secret of pause mode";
const open: { close(): Promise<void> }[] = [];

/** One code mode, standing for one process: each test pauses in one and resumes in another. */
function process(options: CreateCodeModeOptions = {}) {
  const created = createCodeMode({ tools: makeTools(), poolSize: 1, approvals: { mode: "pause", secret }, ...options });
  open.push(created);
  return created;
}

beforeEach(() => ran.clear());
afterAll(() => Promise.all(open.map((created) => created.close())));

const REFUND = `
const customer = await tools.crm.find_customer({ email: "ada@example.com" });
const refund = await tools.billing.refund({ customer: customer.data.id, cents: 120 });
await tools.mail.send({ to: "ada@example.com", text: "refund " + (refund.ok ? "done" : refund.error.code) });
return { refund };
`;

describe("createCodeMode (pause mode)", () => {
  it("pauses at a call that needs approval and completes in another code mode once approved", async () => {
    const first = process();
    const paused = await first.execute(REFUND, { owner: "ada" });
    expect(paused).toMatchObject({ status: "paused", result: null, error: null });
    expect(paused.pending).toEqual([
      { callId: expect.stringMatching(/^call_/), tool: "billing.refund", arguments: { customer: "cus_ada", cents: 120 }, line: 3 },
    ]);
    expect(typeof paused.continuation).toBe("string");
    expect(Object.fromEntries(ran)).toEqual({ "crm.find_customer": 1 });

    const second = process();
    const callId = paused.pending![0]!.callId;
    const resumed = await second.resume(paused.continuation!, { decisions: { [callId]: true }, owner: "ada" });
    expect(resumed.status).toBe("completed");
    expect(resumed.result).toEqual({ refund: { ok: true, data: { refunded: 120, customer: "cus_ada" }, meta: { omitted: 0 } } });
    expect(Object.fromEntries(ran)).toEqual({ "crm.find_customer": 1, "billing.refund": 1, "mail.send": 1 });
  });

  it("gives a denied call access_denied with the reason, and never runs it", async () => {
    const paused = await process().execute(REFUND, { owner: "ada" });
    const callId = paused.pending![0]!.callId;
    const resumed = await process().resume(paused.continuation!, {
      decisions: { [callId]: { approved: false, reason: "over the monthly limit" } },
      owner: "ada",
    });
    expect(resumed.status).toBe("completed");
    expect(resumed.result).toEqual({
      refund: { ok: false, error: { code: "access_denied", message: "The call to billing.refund was denied: over the monthly limit.", retryable: false } },
    });
    expect(Object.fromEntries(ran)).toEqual({ "crm.find_customer": 1, "mail.send": 1 });
  });

  it("pauses again after a resume, with a new continuation, and the first one is refused from then on", async () => {
    const code = `
      const customer = await tools.crm.find_customer({ email: "bob@example.com" });
      const refund = await tools.billing.refund({ customer: customer.data.id, cents: 500 });
      const deleted = await tools.crm.delete_customer({ id: customer.data.id });
      return [refund.ok, deleted.ok, deleted.data];
    `;
    const first = await process().execute(code);
    expect(first.pending!.map((call) => call.tool)).toEqual(["billing.refund"]);
    const second = await process().resume(first.continuation!, { decisions: { [first.pending![0]!.callId]: true }, owner: "" });
    expect(second.status).toBe("paused");
    expect(second.pending).toEqual([{ callId: expect.stringMatching(/^call_/), tool: "crm.delete_customer", arguments: { id: "cus_bob" }, line: 4 }]);
    expect(second.pending![0]!.callId).not.toBe(first.pending![0]!.callId);
    expect(second.continuation).not.toBe(first.continuation);
    const third = await process().resume(second.continuation!, { decisions: { [second.pending![0]!.callId]: true }, owner: "" });
    expect(third).toMatchObject({ status: "completed", result: [true, true, { deleted: "cus_bob" }] });
    expect(Object.fromEntries(ran)).toEqual({ "crm.find_customer": 1, "billing.refund": 1, "crm.delete_customer": 1 });
    const again = await process().resume(first.continuation!, { decisions: { [first.pending![0]!.callId]: true }, owner: "" });
    expect(again.error).toMatchObject({ kind: "ContinuationRefused", message: expect.stringContaining("already resumed") });
    expect(ran.get("billing.refund")).toBe(1);
  });

  it("pauses calls made together at once, and resumes them with one decision each", async () => {
    const code = `
      const [refund, deleted, mail] = await Promise.all([
        tools.billing.refund({ customer: "cus_1", cents: 900 }),
        tools.crm.delete_customer({ id: "cus_2" }),
        tools.mail.send({ to: "ops@example.com", text: "cleaning up" }),
      ]);
      return { refund: refund.ok, deleted: deleted.ok ? deleted.data : deleted.error.code, mail: mail.ok };
    `;
    const paused = await process().execute(code);
    expect(paused.pending!.map((call) => [call.tool, call.line])).toEqual([["billing.refund", 3], ["crm.delete_customer", 4]]);
    expect(Object.fromEntries(ran)).toEqual({ "mail.send": 1 });
    const [refund, deleted] = paused.pending!;
    const resumed = await process().resume(paused.continuation!, { decisions: { [refund!.callId]: true, [deleted!.callId]: false }, owner: "" });
    expect(resumed).toMatchObject({ status: "completed", result: { refund: true, deleted: "access_denied", mail: true } });
    expect(Object.fromEntries(ran)).toEqual({ "mail.send": 1, "billing.refund": 1 });
  });

  it("pauses again on a pending call the decisions leave out, having run the decided one once", async () => {
    const code = `
      const [refund, deleted] = await Promise.all([
        tools.billing.refund({ customer: "cus_1", cents: 900 }),
        tools.crm.delete_customer({ id: "cus_2" }),
      ]);
      return [refund.ok, deleted.ok];
    `;
    const paused = await process().execute(code);
    const [refund, deleted] = paused.pending!;
    const again = await process().resume(paused.continuation!, { decisions: { [refund!.callId]: true }, owner: "" });
    expect(again.status).toBe("paused");
    expect(again.pending).toEqual([{ ...deleted, line: 4 }]);
    const done = await process().resume(again.continuation!, { decisions: { [deleted!.callId]: true }, owner: "" });
    expect(done).toMatchObject({ status: "completed", result: [true, true] });
    expect(Object.fromEntries(ran)).toEqual({ "billing.refund": 1, "crm.delete_customer": 1 });
  });

  it("decides at once when approve answers synchronously, and pauses when it returns a promise", async () => {
    const decided = await process({ approve: ({ arguments: args }) => (args as { cents: number }).cents < 200 }).execute(REFUND);
    expect(decided).toMatchObject({ status: "completed", result: { refund: { ok: true } } });
    let signal: AbortSignal | undefined;
    const later = await process({ approve: (request) => ((signal = request.signal), new Promise<boolean>(() => {})) }).execute(REFUND);
    expect(later.status).toBe("paused");
    expect(signal?.aborted).toBe(true);
  });

  it("gives a script that reads the clock and random numbers the same values again when resumed", async () => {
    const code = `
      const before = { now: Date.now(), date: new Date().getTime(), random: Math.random() };
      console.log(JSON.stringify(before));
      const who = before.random < 2 ? "r" + Math.floor(before.random * 1e9) + "t" + before.now : "never";
      await tools.crm.find_customer({ email: who + "@example.com" });
      const refund = await tools.billing.refund({ customer: who, cents: Math.ceil(Math.random() * 1000) });
      return { before, after: { now: Date.now(), random: Math.random() }, refund: refund.ok };
    `;
    const paused = await process().execute(code);
    expect(paused.status).toBe("paused");
    const logged = JSON.parse(paused.logs[0]!) as { now: number; random: number };
    const resumed = await process().resume(paused.continuation!, { decisions: { [paused.pending![0]!.callId]: true }, owner: "" });
    expect(resumed.status).toBe("completed");
    const result = resumed.result as { before: { now: number; date: number; random: number }; after: { now: number; random: number } };
    expect(result.before).toEqual({ ...logged, date: expect.any(Number) });
    expect(result.before.date).toBeGreaterThanOrEqual(result.before.now);
    expect(result.after.random).not.toBe(result.before.random);
    expect(Object.fromEntries(ran)).toEqual({ "crm.find_customer": 1, "billing.refund": 1 });
  });
});

describe("createCodeMode (pause mode, files and the value call style)", () => {
  it("answers files calls made before the pause from the record, and reads afresh after it", async () => {
    const dir = mkdtempSync(join(tmpdir(), "codemode-pause-"));
    writeFileSync(join(dir, "note.txt"), "one");
    const options = { workspace: { dir, shared: true }, callStyle: "value" as const };
    const code = `
      const before = (await files.read({ path: "note.txt" })).data;
      await files.write({ path: "written.txt", data: before + "!" });
      const refund = await tools.billing.refund({ customer: "cus_1", cents: 5 });
      const after = (await files.read({ path: "note.txt" })).data;
      return { before, after, refunded: refund.refunded };
    `;
    const paused = await process(options).execute(code);
    expect(paused.status).toBe("paused");
    writeFileSync(join(dir, "note.txt"), "two");
    writeFileSync(join(dir, "written.txt"), "kept");
    const resumed = await process(options).resume(paused.continuation!, { decisions: { [paused.pending![0]!.callId]: true }, owner: "" });
    expect(resumed).toMatchObject({ status: "completed", result: { before: "one", after: "two", refunded: 5 } });
    expect(readFileSync(join(dir, "written.txt"), "utf8")).toBe("kept");
    rmSync(dir, { recursive: true, force: true });
  });

  it("gives a denied call's ToolCallError to a value-style script that resumes", async () => {
    const code = `
      try {
        await tools.billing.refund({ customer: "cus_1", cents: 5 });
        return "refunded";
      } catch (error) {
        return error.code + ": " + error.message;
      }
    `;
    const paused = await process({ callStyle: "value" }).execute(code);
    const resumed = await process({ callStyle: "value" }).resume(paused.continuation!, { decisions: { [paused.pending![0]!.callId]: false }, owner: "" });
    expect(resumed.result).toBe("access_denied: billing.refund failed: access_denied: The call to billing.refund was denied.");
  });
});

describe("createCodeMode (pause mode, refused and diverged)", () => {
  const pauseRefund = async () => {
    const paused = await process().execute(REFUND, { owner: "ada" });
    expect(paused.status).toBe("paused");
    ran.clear();
    return { continuation: paused.continuation!, decisions: { [paused.pending![0]!.callId]: true } };
  };

  it("refuses a tampered continuation and runs nothing", async () => {
    const { continuation, decisions } = await pauseRefund();
    const [prefix, payload, signature] = continuation.split(".");
    const state = JSON.parse(Buffer.from(payload!, "base64url").toString("utf8")) as { owner: string };
    const forged = `${prefix}.${Buffer.from(JSON.stringify({ ...state, owner: "mallory" })).toString("base64url")}.${signature}`;
    for (const text of [forged, continuation.slice(0, -2), "not a continuation", `${continuation}x`]) {
      const result = await process().resume(text, { decisions, owner: "mallory" });
      expect(result).toMatchObject({ status: "failed", error: { kind: "ContinuationRefused" } });
    }
    const otherSecret = createCodeMode({ tools: makeTools(), poolSize: 1, approvals: { mode: "pause", secret: "another secret" } });
    open.push(otherSecret);
    expect((await otherSecret.resume(continuation, { decisions, owner: "ada" })).error?.kind).toBe("ContinuationRefused");
    expect(ran.size).toBe(0);
  });

  it("refuses a continuation of another owner, and one that expired", async () => {
    const { continuation, decisions } = await pauseRefund();
    const foreign = await process().resume(continuation, { decisions, owner: "eve" });
    expect(foreign.error).toMatchObject({ kind: "ContinuationRefused", message: expect.stringContaining("another owner") });
    const short = process({ approvals: { mode: "pause", secret, ttlMs: 1 } });
    const paused = await short.execute(REFUND);
    await new Promise((resolve) => setTimeout(resolve, 20));
    const expired = await process().resume(paused.continuation!, { decisions: { [paused.pending![0]!.callId]: true }, owner: "" });
    expect(expired.error).toMatchObject({ kind: "ContinuationRefused", message: expect.stringContaining("expired") });
    expect(ran.get("billing.refund")).toBeUndefined();
  });

  it("runs a continuation resumed twice at once only once", async () => {
    const store = createMemoryContinuationStore();
    const paused = await process({ approvals: { mode: "pause", secret, store } }).execute(REFUND, { owner: "ada" });
    ran.clear();
    const decisions = { [paused.pending![0]!.callId]: true };
    const results = await Promise.all([
      process({ approvals: { mode: "pause", secret, store } }).resume(paused.continuation!, { decisions, owner: "ada" }),
      process({ approvals: { mode: "pause", secret, store } }).resume(paused.continuation!, { decisions, owner: "ada" }),
    ]);
    expect(results.map((result) => result.status).sort()).toEqual(["completed", "failed"]);
    expect(results.find((result) => result.status === "failed")?.error?.message).toContain("already resumed");
    expect(Object.fromEntries(ran)).toEqual({ "billing.refund": 1, "mail.send": 1 });
  });

  it("fails with ResumeDiverged, naming the line, for a script edited between pause and resume", async () => {
    const { continuation, decisions } = await pauseRefund();
    const edited = REFUND.replace("cents: 120", "cents: 99000");
    const result = await process().resume(continuation, { decisions, owner: "ada", code: edited });
    expect(result).toMatchObject({ status: "failed", error: { kind: "ResumeDiverged", line: 3 } });
    expect(ran.size).toBe(0);
  });

  it("fails with ResumeDiverged for tools changed between pause and resume, naming the tool", async () => {
    const { continuation, decisions } = await pauseRefund();
    const changed = makeTools().map((tool) =>
      tool.name === "billing.refund" ? defineTool({ ...tool, inputSchema: z.object({ customer: z.string(), cents: z.number(), note: z.string() }) }) : tool,
    );
    const result = await process({ tools: changed }).resume(continuation, { decisions, owner: "ada" });
    expect(result.error).toMatchObject({ kind: "ResumeDiverged", message: expect.stringContaining("billing.refund"), line: 3 });
    const fewer = await process({ tools: makeTools().filter((tool) => tool.name !== "mail.send") }).resume(continuation, { decisions, owner: "ada" });
    expect(fewer.error?.kind).toBe("ResumeDiverged");
    expect(ran.size).toBe(0);
  });

  it("fails with ResumeDiverged at the call whose record differs, and runs none of the calls", async () => {
    const { continuation, decisions } = await pauseRefund();
    const state = (await decodeContinuation(continuation, secret))!;
    const other = structuredClone(state);
    other.body!.record.calls[0]!.args = JSON.stringify({ email: "eve@example.com" });
    const diverged = await process().resume(await encodeContinuation({ ...other, id: "other-1" }, secret), { decisions, owner: "ada" });
    expect(diverged.error).toMatchObject({ kind: "ResumeDiverged", line: 2, message: expect.stringContaining("tools.crm.find_customer(...) with other arguments") });
    const renamed = structuredClone(state);
    renamed.body!.record.calls[0]!.name = "crm.lookup";
    const elsewhere = await process().resume(await encodeContinuation({ ...renamed, id: "other-2" }, secret), { decisions, owner: "ada" });
    expect(elsewhere.error).toMatchObject({ kind: "ResumeDiverged", line: 2, message: expect.stringContaining("where it called tools.crm.lookup(...)") });
    const longer = structuredClone(state);
    longer.body!.record.calls.push({ id: 3, kind: "tool", name: "mail.send", args: "{}", envelope: '{"ok":true,"data":null}' });
    longer.body!.record.deliveries.push([3]);
    const short = await process().resume(await encodeContinuation({ ...longer, id: "other-3" }, secret), { decisions, owner: "ada" });
    expect(short.error?.kind).toBe("ResumeDiverged");
    expect(ran.size).toBe(0);
  });

  it("keeps a record past the inline cap in the store, and refuses it where the store does not have it", async () => {
    const kept = new Map<string, string>();
    const shared = createMemoryContinuationStore();
    const store: ContinuationStore = {
      set: async (key, value, ttlMs) => (kept.set(key, value), shared.set(key, value, ttlMs)),
      get: (key) => shared.get(key),
      claim: (key, ttlMs) => shared.claim(key, ttlMs),
    };
    const big = `const padding = await tools.crm.find_customer({ email: "${"x".repeat(2000)}@example.com" });\n${REFUND}`;
    const inline = await process().execute(big);
    const paused = await process({ approvals: { mode: "pause", secret, store, maxInlineBytes: 1024 } }).execute(big);
    expect(kept.size).toBe(1);
    expect(paused.continuation!.length).toBeLessThan(inline.continuation!.length / 2);
    const decisions = { [paused.pending![0]!.callId]: true };
    const elsewhere = await process({ approvals: { mode: "pause", secret, store: createMemoryContinuationStore() } }).resume(paused.continuation!, { decisions, owner: "" });
    expect(elsewhere.error).toMatchObject({ kind: "ContinuationRefused", message: expect.stringContaining("store") });
    [...kept.keys()].forEach((key) => void shared.set(key, kept.get(key)!.replace("cus_x", "cus_y"), 60_000));
    const changed = await process({ approvals: { mode: "pause", secret, store } }).resume(paused.continuation!, { decisions, owner: "" });
    expect(changed.error).toMatchObject({ kind: "ContinuationRefused", message: expect.stringContaining("changed") });
    [...kept.keys()].forEach((key) => void shared.set(key, kept.get(key)!, 60_000));
    ran.clear();
    const resumed = await process({ approvals: { mode: "pause", secret, store } }).resume(paused.continuation!, { decisions, owner: "" });
    expect(resumed.status).toBe("completed");
    expect(Object.fromEntries(ran)).toEqual({ "billing.refund": 1, "mail.send": 1 });
  });

  it("fails plainly, without the store's error, when the store fails on pause or on resume", async () => {
    const broken: ContinuationStore = {
      set: () => Promise.reject(new Error("redis://10.0.0.5 refused")),
      get: () => Promise.reject(new Error("redis://10.0.0.5 refused")),
      claim: () => Promise.reject(new Error("redis://10.0.0.5 refused")),
    };
    const failing = process({ approvals: { mode: "pause", secret, store: broken, maxInlineBytes: 0 } });
    const paused = await failing.execute(REFUND);
    expect(paused.error).toMatchObject({ kind: "InternalError", message: expect.stringContaining("continuation store failed") });
    expect(paused.error!.message).not.toContain("redis");
    const inline = await process().execute(REFUND);
    const resumed = await failing.resume(inline.continuation!, { decisions: { [inline.pending![0]!.callId]: true }, owner: "" });
    expect(resumed.error).toMatchObject({ kind: "InternalError", message: expect.stringContaining("nothing ran") });
    expect(ran.get("billing.refund")).toBeUndefined();
  });

  it("stops a resumed run when its signal aborts, and leaves a continuation usable when it aborted before", async () => {
    const { continuation, decisions } = await pauseRefund();
    const early = await process().resume(continuation, { decisions, owner: "ada", signal: AbortSignal.abort() });
    expect(early.error?.kind).toBe("Cancelled");
    const resumed = await process().resume(continuation, { decisions, owner: "ada" });
    expect(resumed.status).toBe("completed");
    expect(Object.fromEntries(ran)).toEqual({ "billing.refund": 1, "mail.send": 1 });
  });

  it("counts the host calls of the runs before the pause against maxHostCalls", async () => {
    const code = `
      await tools.crm.find_customer({ email: "ada@example.com" });
      await tools.billing.refund({ customer: "cus_ada", cents: 1 });
      const third = await tools.mail.send({ to: "a", text: "1" });
      const fourth = await tools.mail.send({ to: "b", text: "2" });
      return [third.ok, fourth.ok ? "ran" : fourth.error.code];
    `;
    const limited = { limits: { maxHostCalls: 3 } };
    const paused = await process(limited).execute(code);
    const resumed = await process(limited).resume(paused.continuation!, { decisions: { [paused.pending![0]!.callId]: true }, owner: "" });
    expect(resumed).toMatchObject({ status: "completed", result: [true, "limit_exceeded"] });
    expect(ran.get("mail.send")).toBe(1);
  });

  it("counts the script's own time before the pause against timeoutMs", async () => {
    // Each part spins on the clock for 60% of the deadline: one part fits, two do not.
    const code = `
      const spin = () => { const start = Date.now(); while (Date.now() - start < 600); };
      spin();
      await tools.billing.refund({ customer: "cus_ada", cents: 1 });
      spin();
      return "done";
    `;
    const limited = { limits: { timeoutMs: 1000 } };
    const paused = await process(limited).execute(code);
    expect(paused.status).toBe("paused");
    const resumed = await process(limited).resume(paused.continuation!, { decisions: { [paused.pending![0]!.callId]: true }, owner: "" });
    expect(resumed.error?.kind).toBe("TimeoutExceeded");
  });

  it("throws INVALID_OPTIONS for pause mode without a secret, decisions for unknown calls and sessions", async () => {
    expect(() => createCodeMode({ approvals: { mode: "pause" } })).toThrow(/approvals.secret .* is required/);
    expect(() => createCodeMode({ approvals: { mode: "wait" as never, secret } })).toThrow(/approvals.mode/);
    const blocking = createCodeMode({ poolSize: 1 });
    open.push(blocking);
    await expect(blocking.resume("x", { decisions: {}, owner: "" })).rejects.toThrow(/resume needs a secret/);
    const { continuation } = await pauseRefund();
    await expect(process().resume(continuation, { decisions: { call_unknown: true }, owner: "ada" })).rejects.toThrow(/does not wait on a call "call_unknown"/);
    const withSessions = process({ sessions: {} });
    await expect(withSessions.execute("return 1", { sessionId: "new" })).rejects.toThrow(/cannot pause/);
  });
});

describe("createCodeMode (approvals chosen per execution)", () => {
  it("pauses the executions that ask for it and blocks the others, in one code mode with one secret", async () => {
    const asked: string[] = [];
    const both = process({
      approvals: { secret },
      approve: (request) => {
        asked.push(request.mode);
        // Only a blocking execution waits for this answer; a pausing one takes only an answer given at once.
        return request.mode === "block" ? Promise.resolve(true) : undefined;
      },
    });
    const blocked = await both.execute(REFUND, { owner: "ada" });
    expect(blocked.status).toBe("completed");
    const paused = await both.execute(REFUND, { owner: "ada", approvals: "pause" });
    expect(paused.status).toBe("paused");
    expect(asked).toEqual(["block", "pause"]);
    const resumed = await both.resume(paused.continuation!, { decisions: { [paused.pending![0]!.callId]: true }, owner: "ada" });
    expect(resumed.status).toBe("completed");
    expect(ran.get("billing.refund")).toBe(2);
    // A pause-mode code mode blocks an execution that asks to.
    expect((await process({ approve: async () => true }).execute(REFUND, { approvals: "block" })).status).toBe("completed");
  });

  it("reads a secret given as a function when a run pauses and resumes, not before", async () => {
    const shared: { key?: string } = {};
    const late = process({ approvals: { secret: () => shared.key! } });
    shared.key = "a key known only once the process has started";
    const paused = await late.execute(REFUND, { approvals: "pause" });
    const resumed = await process({ approvals: { secret: shared.key } }).resume(paused.continuation!, { decisions: { [paused.pending![0]!.callId]: false }, owner: "" });
    expect(resumed.status).toBe("completed");
    expect(resumed.result).toMatchObject({ refund: { ok: false, error: { code: "access_denied" } } });
  });

  it("throws INVALID_OPTIONS for pause without a secret, for an unknown mode, and for pause in a session", async () => {
    const blocking = createCodeMode({ tools: makeTools(), poolSize: 1, sessions: {}, approvals: { secret } });
    const secretless = createCodeMode({ poolSize: 1 });
    open.push(blocking, secretless);
    await expect(secretless.execute("return 1", { approvals: "pause" })).rejects.toThrow(/needs a secret/);
    await expect(blocking.execute("return 1", { approvals: "later" as never })).rejects.toThrow(/approvals must be "block" or "pause"/);
    await expect(blocking.execute("return 1", { approvals: "pause", sessionId: "new" })).rejects.toThrow(/cannot pause/);
    expect((await blocking.execute("return 1", { sessionId: "new" })).status).toBe("completed");
  });
});
