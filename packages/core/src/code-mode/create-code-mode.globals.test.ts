import { afterAll, describe, expect, it } from "vitest";
import { defineTool, type ToolDefinition } from "../tools/index.js";
import { createCodeMode } from "./create-code-mode.js";

const customerInput = { type: "object", properties: { id: { type: "string" } }, required: ["id"], additionalProperties: false };

/** One run's own functions, as a framework hands them over: closures over that run (here, its `owner`). */
function globalsOf(owner: string, calls: string[]): ToolDefinition[] {
  return [
    { name: "external_lookup", description: "Look a customer up.", inputSchema: customerInput, execute: async ({ id }: { id: string }) => ({ id, owner }) },
    {
      name: "crm.get_customer",
      description: "A customer by id.",
      inputSchema: customerInput,
      execute: async ({ id }: { id: string }, { signal }) => {
        calls.push(`${owner}:${id}:${signal instanceof AbortSignal}`);
        if (id === "c-9") throw new Error("No customer c-9.");
        return { id, name: "Acme", owner };
      },
    },
  ];
}

describe("createCodeMode execute({ globals })", () => {
  const billing = defineTool({ name: "billing.list", description: "List invoices.", execute: async () => [1, 2] });
  const codeMode = createCodeMode({ tools: [billing], poolSize: 1, callStyle: "value", limits: { timeoutMs: 5_000 } });
  afterAll(() => codeMode.close());

  it("gives the script a flat global function and a namespace object, each calling this run's own execute", async () => {
    const calls: string[] = [];
    const code = `const a = await external_lookup({ id: "c-1" });
const b = await crm.get_customer({ id: "c-2" });
const c = await tools.crm.get_customer({ id: "c-3" });
return [a.owner, b.name, c.id];`;
    const run = await codeMode.execute(code, { globals: globalsOf("ada", calls) });
    expect(run).toMatchObject({ status: "completed", result: ["ada", "Acme", "c-3"] });
    expect(run.toolCalls.map((call) => call.tool)).toEqual(["external_lookup", "crm.get_customer", "crm.get_customer"]);
    expect(calls).toEqual(["ada:c-2:true", "ada:c-3:true"]);
  });

  it("keeps runs apart: each run at once calls its own closures under the same names", async () => {
    const calls: string[] = [];
    const code = "return (await crm.get_customer({ id: 'c-1' })).owner;";
    const runs = await Promise.all(["ada", "grace", "linus"].map((owner) => codeMode.execute(code, { globals: globalsOf(owner, calls) })));
    expect(runs.map((run) => run.result)).toEqual(["ada", "grace", "linus"]);
    expect(calls.sort()).toEqual(["ada:c-1:true", "grace:c-1:true", "linus:c-1:true"]);
  });

  it("throws a failed call into the script at the line that made it, and ends an uncaught one there", async () => {
    const caught = await codeMode.execute(`try { await crm.get_customer({ id: "c-9" }); } catch (error) { return error.message; }`, { globals: globalsOf("ada", []) });
    expect(caught.result).toBe("crm.get_customer failed: tool_error: No customer c-9.");
    const uncaught = await codeMode.execute(`const a = 1;\nawait crm.get_customer({ id: "c-9" });\nreturn a;`, { globals: globalsOf("ada", []) });
    expect(uncaught.error).toMatchObject({ kind: "ToolCallFailed", line: 2 });
  });

  it("refuses a call its schema rules out before anything runs, naming the argument", async () => {
    const calls: string[] = [];
    const run = await codeMode.execute(`await crm.get_customer({ id: "c-1" });\nreturn await crm.get_customer({ id: 7 });`, { globals: globalsOf("ada", calls) });
    expect(run.error).toMatchObject({ kind: "CheckFailed", line: 2 });
    expect(run.diagnostics[0]).toMatchObject({ code: "wrong_type", line: 2 });
    expect(calls).toEqual([]);
    const flat = await codeMode.execute("return await external_lookup({});", { globals: globalsOf("ada", calls) });
    expect(flat.diagnostics[0]).toMatchObject({ code: "missing_argument", line: 1 });
  });

  it("lets the script add members to a namespace (a host's helpers), and answers a member no one has with not_found", async () => {
    const globals = globalsOf("ada", []);
    const helper = await codeMode.execute("crm.twice = async (x) => 2 * x;\nreturn await crm.twice(21);", { globals });
    expect(helper).toMatchObject({ status: "completed", result: 42 });
    const missing = await codeMode.execute("try { await crm.refund({}); } catch (error) { return error.code; }", { globals });
    expect(missing).toMatchObject({ status: "completed", result: "not_found" });
  });

  it("admits the run's own tools past an allowlist that hides the code mode's", async () => {
    const options = { globals: globalsOf("ada", []), allow: ["crm.*"] };
    expect(await codeMode.execute("return (await external_lookup({ id: 'c-1' })).id;", options)).toMatchObject({ status: "completed", result: "c-1" });
    const hidden = await codeMode.execute("return await tools.billing.list({});", options);
    expect(hidden.diagnostics[0]).toMatchObject({ code: "unknown_tool" });
  });

  it("refuses names no script can hold as a global, and globals with a session or pause mode", async () => {
    const named = (name: string) => [{ name, description: "", execute: () => null }];
    await expect(codeMode.execute("return 1;", { globals: named("my-tool") })).rejects.toThrow(/"my-tool" \(of "my-tool"\) is not a JavaScript identifier/);
    await expect(codeMode.execute("return 1;", { globals: named("console.log") })).rejects.toThrow(/"console" \(of "console.log"\) is a name the sandbox already holds/);
    await expect(codeMode.execute("return 1;", { globals: named("delete") })).rejects.toMatchObject({ code: "INVALID_OPTIONS" });
    const sessions = createCodeMode({ poolSize: 1, sessions: {} });
    const paused = createCodeMode({ poolSize: 1, approvals: { mode: "pause", secret: "s".repeat(32) } });
    try {
      await expect(sessions.execute("return 1;", { globals: named("x"), sessionId: "new" })).rejects.toThrow(/pass globals without sessionId/);
      await expect(paused.execute("return 1;", { globals: named("x") })).rejects.toThrow(/pass globals without pause mode/);
    } finally {
      await Promise.all([sessions.close(), paused.close()]);
    }
  });

  it("refuses every name the engine's realm already holds", async () => {
    const realm = await codeMode.execute("return Object.getOwnPropertyNames(globalThis);");
    const names = realm.result as string[];
    expect(names).toContain("JSON");
    for (const name of names) {
      await expect(codeMode.execute("return 1;", { globals: [{ name, description: "", execute: () => null }] }), name).rejects.toThrow(/already holds/);
    }
  });
});
