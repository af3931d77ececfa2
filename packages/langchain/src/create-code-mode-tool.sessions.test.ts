import type { ExecutionResult } from "@codemode/core";
import type { ToolMessage } from "@langchain/core/messages";
import { tool } from "@langchain/core/tools";
import { afterAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { createCodeModeTool, type CodeModeTool } from "./create-code-mode-tool.js";

const listInvoices = tool(async () => [{ id: "in_1", paid: false }, { id: "in_2", paid: true }], {
  name: "list_invoices",
  description: "List every invoice.",
  schema: z.object({}),
});

const created: CodeModeTool[] = [];
function make(options: Partial<Parameters<typeof createCodeModeTool>[0]> = {}): CodeModeTool {
  const execute = createCodeModeTool({ tools: [listInvoices], namespace: "billing", poolSize: 1, ...options });
  created.push(execute);
  return execute;
}
afterAll(() => Promise.all(created.map((execute) => execute.close())));

/** Calls the tool as an agent does, with a tool call, and returns the text for the model and the full result. */
async function invoke(execute: CodeModeTool, args: { code: string; sessionId?: string }, user = "ana") {
  const message = (await execute.invoke({ type: "tool_call", id: "call_1", name: execute.name, args }, { configurable: { user } })) as ToolMessage;
  return { text: String(message.content), result: message.artifact as ExecutionResult };
}

describe("createCodeModeTool (sessions)", () => {
  it("keeps a script's variables for the next call in the same session, and tells the model the session's id", async () => {
    const execute = make({ sessions: {} });
    const first = await invoke(execute, { code: "invoices = (await tools.billing.list_invoices({})).data; return invoices.length;", sessionId: "new" });
    expect(first.result).toMatchObject({ status: "completed", result: 2 });
    expect(first.text).toContain(`Session: ${first.result.sessionId}`);
    const second = await invoke(execute, { code: "return invoices.filter((invoice) => !invoice.paid).map((invoice) => invoice.id);", sessionId: first.result.sessionId! });
    expect(second.result).toMatchObject({ status: "completed", result: ["in_1"] });
  });

  it("offers sessionId in the input schema only when sessions are on", () => {
    const properties = (execute: CodeModeTool) => Object.keys((execute.schema as { properties: object }).properties);
    expect(properties(make())).toEqual(["code"]);
    expect(properties(make({ sessions: {} }))).toEqual(["code", "sessionId"]);
  });

  it("runs a session only for the owner that started it", async () => {
    const execute = make({ sessions: {}, owner: (config) => String(config.configurable?.["user"]) });
    const started = await invoke(execute, { code: "secret = 42; return 1;", sessionId: "new" }, "ana");
    expect((await invoke(execute, { code: "return secret;", sessionId: started.result.sessionId! }, "ana")).result.result).toBe(42);
    expect((await invoke(execute, { code: "return secret;", sessionId: started.result.sessionId! }, "bob")).result.error?.kind).toBe("SessionNotFound");
  });

  it("ends a session when the host asks as its owner, so the next call with that id finds no session", async () => {
    const execute = make({ sessions: {}, owner: (config) => String(config.configurable?.["user"]) });
    const started = await invoke(execute, { code: "secret = 42; return 1;", sessionId: "new" }, "ana");
    expect(await execute.codeMode.endSession(started.result.sessionId!, { owner: "ana" })).toBe(true);
    const next = await invoke(execute, { code: "return secret;", sessionId: started.result.sessionId! }, "ana");
    expect(next.result).toMatchObject({ status: "failed", error: { kind: "SessionNotFound" } });
    expect(next.text).toContain("SessionNotFound");
  });

  it("keeps a session running when the host asks to end it as another owner", async () => {
    const execute = make({ sessions: {}, owner: (config) => String(config.configurable?.["user"]) });
    const started = await invoke(execute, { code: "secret = 42; return 1;", sessionId: "new" }, "ana");
    expect(await execute.codeMode.endSession(started.result.sessionId!, { owner: "bob" })).toBe(false);
    expect((await invoke(execute, { code: "return secret;", sessionId: started.result.sessionId! }, "ana")).result.result).toBe(42);
  });
});
