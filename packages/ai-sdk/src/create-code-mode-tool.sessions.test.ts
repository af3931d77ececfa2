import { generateText, stepCountIs, tool } from "ai";
import type { ExecutionResult } from "@codemode/core";
import { afterEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { callOptions, contextOf, MockLanguageModel, withContext, type MockModel } from "./__fixtures__/ai-major.js";
import { lastToolOutput } from "./__fixtures__/scripted-model.js";
import { createCodeModeTool, type CodeModeTool } from "./create-code-mode-tool.js";

type GenerateResult = Awaited<ReturnType<MockModel["doGenerate"]>>;

const usage: GenerateResult["usage"] = {
  inputTokens: { total: 100, noCache: 100, cacheRead: 0, cacheWrite: 0 },
  outputTokens: { total: 20, text: 20, reasoning: 0 },
};

const listInvoices = tool({
  description: "List every invoice.",
  inputSchema: z.object({}),
  execute: async () => [
    { id: "in_1", amount: 120, paid: false },
    { id: "in_2", amount: 80, paid: true },
  ],
});

const open: CodeModeTool[] = [];

afterEach(async () => {
  await Promise.all(open.splice(0).map((execute) => execute.close()));
});

function codeModeTool(options: Partial<Parameters<typeof createCodeModeTool>[0]> = {}): CodeModeTool {
  const execute = createCodeModeTool({ tools: { list_invoices: listInvoices }, namespace: "billing", ...options });
  open.push(execute);
  return execute;
}

/**
 * A model that keeps data in a session: step one loads the invoices into a variable in a new session, step two reads
 * the session's id from the tool output it was sent and uses the variable, step three answers.
 */
function sessionModel(): MockModel {
  const call = (input: unknown): GenerateResult => ({
    content: [{ type: "tool-call", toolCallId: `call-${model.doGenerateCalls.length}`, toolName: "execute", input: JSON.stringify(input) }],
    finishReason: { unified: "tool-calls", raw: undefined },
    usage,
    warnings: [],
  });
  const model: MockModel = new MockLanguageModel({
    doGenerate: async (): Promise<GenerateResult> => {
      const step = model.doGenerateCalls.length;
      if (step === 1) return call({ code: "invoices = (await tools.billing.list_invoices({})).data; return invoices.length;", sessionId: "new" });
      const seen = lastToolOutput(model) as { value: { sessionId?: string } };
      if (step === 2) return call({ code: "return invoices.filter((invoice) => !invoice.paid).map((invoice) => invoice.id);", sessionId: seen.value.sessionId });
      return { content: [{ type: "text", text: "Done." }], finishReason: { unified: "stop", raw: undefined }, usage, warnings: [] };
    },
  });
  return model;
}

/**
 * Runs the session model's conversation as user "ana"; between its two tool calls the host calls `endSession` with
 * the session id of the first tool result and the given owner, as a host would when the conversation is over.
 */
async function conversationEndedBy(hostOwner: string) {
  const execute = codeModeTool({ sessions: {}, owner: (callOptions) => String((contextOf(callOptions) as { user: string }).user) });
  let ended: boolean | undefined;
  const generated = await generateText({
    model: sessionModel(),
    tools: { execute },
    stopWhen: stepCountIs(3),
    prompt: "Go.",
    ...withContext({ user: "ana" }),
    // generateText swallows a throwing onStepFinish, so the answer is kept and checked by the test instead.
    onStepFinish: async (step) => {
      const output = step.toolResults[0]?.output as ExecutionResult | undefined;
      if (ended === undefined && output?.sessionId) ended = await execute.codeMode.endSession(output.sessionId, { owner: hostOwner });
    },
  });
  const [first, second] = generated.steps.map((step) => step.toolResults[0]?.output as ExecutionResult);
  return { ended, first, second };
}

describe("createCodeModeTool (sessions)", () => {
  it("keeps a script's variables for the model's next execution in the same session", async () => {
    const execute = codeModeTool({ sessions: {} });
    const generated = await generateText({ model: sessionModel(), tools: { execute }, stopWhen: stepCountIs(3), prompt: "Go." });
    const [first, second] = generated.steps.map((step) => step.toolResults[0]?.output as ExecutionResult);
    expect(first).toMatchObject({ status: "completed", result: 2, sessionId: expect.any(String) });
    expect(second).toMatchObject({ status: "completed", result: ["in_1"], sessionId: first!.sessionId });
  });

  it("offers sessionId in the input schema only when sessions are on", async () => {
    const schemaOf = async (execute: CodeModeTool) => (await Promise.resolve(execute.inputSchema)) as unknown as { jsonSchema: { properties: object } };
    expect(Object.keys((await schemaOf(codeModeTool())).jsonSchema.properties)).toEqual(["code"]);
    expect(Object.keys((await schemaOf(codeModeTool({ sessions: {} }))).jsonSchema.properties)).toEqual(["code", "sessionId"]);
  });

  it("runs a session only for the owner that started it", async () => {
    const execute = codeModeTool({ sessions: {}, owner: (callOptions) => String((contextOf(callOptions) as { user: string }).user) });
    const as = (user: string, input: { code: string; sessionId: string }) =>
      execute.execute!(input, callOptions({ user })) as Promise<ExecutionResult>;
    const started = await as("ana", { code: "secret = 42; return 1;", sessionId: "new" });
    expect((await as("ana", { code: "return secret;", sessionId: started.sessionId! })).result).toBe(42);
    expect((await as("bob", { code: "return secret;", sessionId: started.sessionId! })).error?.kind).toBe("SessionNotFound");
  });

  it("ends a session when the host asks as its owner, so the model's next call with that id finds no session", async () => {
    const { ended, first, second } = await conversationEndedBy("ana");
    expect(ended).toBe(true);
    expect(first).toMatchObject({ status: "completed", result: 2 });
    expect(second).toMatchObject({ status: "failed", error: { kind: "SessionNotFound" } });
  });

  it("keeps a session running when the host asks to end it as another owner", async () => {
    const { ended, first, second } = await conversationEndedBy("bob");
    expect(ended).toBe(false);
    expect(second).toMatchObject({ status: "completed", result: ["in_1"], sessionId: first!.sessionId });
  });
});
