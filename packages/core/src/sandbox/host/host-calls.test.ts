import { describe, expect, it } from "vitest";
import { createAllowFilter, createResourceAllowFilter, createToolRegistry, defineTool } from "../../tools/index.js";
import type { CallBatch, ReplyBatch } from "../protocol.js";
import { createHostCalls } from "./host-calls.js";

const MiB = 1024 * 1024;

/** Runs one batch of tool calls through the host side and waits for every reply. */
async function runBatch(names: string[], tools: ReturnType<typeof createToolRegistry>, maxToolResultBytes = 8 * MiB) {
  const calls = createHostCalls({
    tools: (name) => tools.get(name),
    allTools: () => tools.tools,
    allowed: createAllowFilter(undefined),
    allowedResources: createResourceAllowFilter(undefined),
    catalog: undefined,
    context: undefined,
    maxConcurrentCalls: 4,
    maxToolResultBytes,
  });
  const replies: ReplyBatch["replies"] = [];
  const batch: CallBatch = { type: "calls", id: 1, logs: [], calls: names.map((name, index) => ({ kind: "tool", callId: index + 1, name, args: "{}", stack: "" })) };
  await new Promise<void>((resolve) => {
    calls.handle(batch, (items) => {
      replies.push(...items);
      if (replies.length === names.length) resolve();
    });
  });
  return { calls, replies };
}

describe("createHostCalls", () => {
  it("lists a run's calls within the budget it is given, however long each call's message", async () => {
    // 20 failures of 1 MiB each: listed whole, they were 20 MiB (70 of nearly 8 MiB passed the longest string V8 makes).
    const tools = createToolRegistry([defineTool({ name: "odd.fail", description: "Fails at length.", execute: async () => { throw new Error("e".repeat(MiB)); } })]);
    const { calls } = await runBatch(Array.from({ length: 20 }, () => "odd.fail"), tools);
    calls.finish([]);
    const listed = calls.describe(2 * 1024);
    expect(listed.length).toBeLessThanOrEqual(2 * 1024 + 100);
    expect(listed).toMatch(/^1\. odd\.fail failed: tool_error: e+… \(\d+ bytes\); 2\. odd\.fail/);
    expect(listed).toMatch(/; and \d+ more$/);
  });

  it("answers a call whose tool throws a value that throws when read, and never rejects", async () => {
    const { proxy, revoke } = Proxy.revocable({}, {});
    revoke();
    const tools = createToolRegistry([
      defineTool({ name: "odd.revoked", description: "Throws a revoked Proxy.", execute: async () => { throw proxy; } }),
      defineTool({ name: "odd.returns", description: "Returns a revoked Proxy.", execute: async () => proxy }),
    ]);
    const { replies } = await runBatch(["odd.revoked", "odd.returns"], tools);
    for (const reply of replies) expect(JSON.parse(reply.envelope)).toMatchObject({ ok: false, error: { code: "tool_error" } });
  });
});
