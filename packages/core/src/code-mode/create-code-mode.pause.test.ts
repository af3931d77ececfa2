import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { defineTool, type ToolDefinition } from "../tools/index.js";
import type { ContinuationStore } from "../approval/index.js";
import { createMemoryContinuationStore } from "../approval/index.js";
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
});
