import { describe, expect, it } from "vitest";
import { createToolRegistry } from "../tools/index.js";
import { createDemoTools } from "./create-demo-tools.js";

const context = () => ({ signal: new AbortController().signal, callId: "call-1", context: undefined });

function demoTool(name: string, tools = createDemoTools()) {
  const tool = tools.find((candidate) => candidate.name === name);
  if (!tool) throw new Error(`No demo tool ${name}.`);
  return tool;
}

describe("createDemoTools", () => {
  it("defines valid billing, crm and support tools", () => {
    const registry = createToolRegistry(createDemoTools());
    expect(registry.tools.map((tool) => tool.namespace)).toEqual(["crm", "crm", "billing", "support", "support"]);
  });

  it("returns the same data every time", async () => {
    const unpaid = await demoTool("billing.list_invoices").execute(
      { customerId: "cus_04", status: "unpaid" },
      context()
    );
    expect(unpaid).toEqual([
      { id: "inv_1008", customerId: "cus_04", amount: 4200, status: "unpaid", dueDate: "2026-11-30" },
      { id: "inv_1009", customerId: "cus_04", amount: 600, status: "unpaid", dueDate: "2026-12-30" },
    ]);
  });

  it("answers an unknown customer with not_found", async () => {
    await expect(demoTool("crm.get_customer").execute({ id: "cus_99" }, context())).rejects.toMatchObject({
      name: "CodeModeError",
      code: "NOT_FOUND",
    });
  });

  it("keeps created tickets within one tool set", async () => {
    const tools = createDemoTools();
    const ticket = await demoTool("support.create_ticket", tools).execute(
      { customerId: "cus_01", subject: "Hi" },
      context()
    );
    expect(ticket).toMatchObject({ id: "tic_506", status: "open", priority: "normal" });
    const open = await demoTool("support.list_tickets", tools).execute({ customerId: "cus_01" }, context());
    expect(open).toHaveLength(2);
    expect(await demoTool("support.list_tickets").execute({ customerId: "cus_01" }, context())).toHaveLength(1);
  });

  it("waits the given delay and stops early when cancelled", async () => {
    const controller = new AbortController();
    const call = demoTool("crm.list_customers", createDemoTools({ delayMs: 60_000 })).execute(
      {},
      { ...context(), signal: controller.signal }
    );
    controller.abort(new Error("stop"));
    await expect(call).rejects.toThrow("stop");
  });
});
