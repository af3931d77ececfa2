import { createMemoryContinuationStore, type ContinuationStore, type ExecutionResult } from "@codemode/core";
import {
  AbstractChat,
  DirectChatTransport,
  generateText,
  lastAssistantMessageIsCompleteWithApprovalResponses,
  simulateReadableStream,
  stepCountIs,
  tool,
  ToolLoopAgent,
  type ChatState,
  type ChatTransport,
  type ModelMessage,
  type UIMessage,
} from "ai";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { contextOf, MockLanguageModel, withContext } from "./__fixtures__/ai-major.js";
import { createAnsweringModel, createScriptedModel } from "./__fixtures__/scripted-model.js";
import { createCodeModeTool, type CodeModeTool } from "./create-code-mode-tool.js";

// Two code modes sharing a secret and a continuation store stand for two processes of one app: the request that
// paused and the request that carries the person's answer need not reach the same one.
const SECRET = "pause-test-secret-0123456789abcdef";

const ran = { listed: [] as string[], refunded: [] as number[] };

const listInvoices = tool({
  description: "List the unpaid invoice amounts of one customer, in cents.",
  inputSchema: z.object({ customerId: z.string() }),
  execute: async ({ customerId }) => (ran.listed.push(customerId), customerId === "cus_1" ? [250, 900] : [40]),
});

const refund = tool({
  description: "Refund an amount in cents.",
  inputSchema: z.object({ cents: z.number().int() }),
  needsApproval: true,
  execute: async ({ cents }) => (ran.refunded.push(cents), { refunded: cents }),
});

const open: CodeModeTool[] = [];
let store: ContinuationStore;

/** One process's execute tool: its own code mode and worker threads, the shared secret and store. */
function processTool(): CodeModeTool {
  const execute = createCodeModeTool({
    tools: { list_invoices: listInvoices, refund },
    namespace: "billing",
    approvals: { mode: "pause", secret: SECRET, store },
    // A paused run resumes only for the user it paused for.
    owner: (options) => (contextOf(options) as { userId?: string } | undefined)?.userId ?? "",
    poolSize: 1,
    onWarning: () => {},
  });
  open.push(execute);
  return execute;
}

beforeEach(() => {
  store = createMemoryContinuationStore();
});

afterEach(async () => {
  ran.listed.length = 0;
  ran.refunded.length = 0;
  await Promise.all(open.splice(0).map((execute) => execute.close()));
});

const REFUND_FIRST = `const invoices = await tools.billing.list_invoices({ customerId: "cus_1" });
const refund = await tools.billing.refund({ cents: invoices.data[0] });
return refund.ok ? { refunded: refund.data.refunded } : { error: refund.error.code };`;

const answerOf = (output: unknown) => `Output: ${JSON.stringify(output)}`;

/**
 * The first request: the model writes the script, the script pauses at the refund, and the AI SDK ends the request
 * with a tool-approval-request for the `execute` call.
 */
async function ask(execute: CodeModeTool, code: string) {
  const prompt: ModelMessage[] = [{ role: "user", content: "Refund the first invoice of cus_1." }];
  const asked = await generateText({
    model: createScriptedModel(code, answerOf),
    tools: { execute },
    stopWhen: stepCountIs(3),
    messages: prompt,
    ...withContext({ userId: "u-7" }),
  });
  const request = asked.content.find((part) => part.type === "tool-approval-request");
  return { asked, request, history: [...prompt, ...asked.response.messages] };
}

/** The second request, as an app sends it after the person answered: the history plus the tool-approval-response. */
async function answer(execute: CodeModeTool, history: ModelMessage[], approvalId: string, approved: boolean, reason?: string) {
  const model = createAnsweringModel(answerOf);
  const answered = await generateText({
    model,
    tools: { execute },
    stopWhen: stepCountIs(3),
    messages: [...history, { role: "tool", content: [{ type: "tool-approval-response", approvalId, approved, ...(reason ? { reason } : {}) }] }],
    ...withContext({ userId: "u-7" }),
  });
  return { answered, model };
}

describe("createCodeModeTool (approvals: pause, through the AI SDK's tool approval)", () => {
  it("asks with a tool-approval-request when the script pauses, after running only the calls before the pause", async () => {
    const { asked, request } = await ask(processTool(), REFUND_FIRST);
    expect(request).toMatchObject({ toolCall: { toolName: "execute", toolCallId: "call-1", input: { code: REFUND_FIRST } } });
    expect(asked.toolResults).toEqual([]);
    expect(ran).toEqual({ listed: ["cus_1"], refunded: [] });
  });

  it("names the calls a paused tool call waits on, for the approval UI, in any process", async () => {
    const { request } = await ask(processTool(), REFUND_FIRST);
    expect(await processTool().pending(request!.toolCall.toolCallId)).toMatchObject([
      { tool: "billing.refund", arguments: { cents: 250 }, line: 2, callId: expect.any(String) },
    ]);
    expect(await processTool().pending("call-unknown")).toBeNull();
  });

  it("resumes the paused run in another process once approved: nothing before the pause runs again", async () => {
    const { request, history } = await ask(processTool(), REFUND_FIRST);
    const { answered } = await answer(processTool(), history, request!.approvalId, true);
    expect(ran).toEqual({ listed: ["cus_1"], refunded: [250] });
    expect(answered.text).toBe('Output: {"type":"json","value":{"status":"completed","result":{"refunded":250}}}');
  });

  it("never runs the call when the response denies it; the model is told the execution was denied", async () => {
    const { request, history } = await ask(processTool(), REFUND_FIRST);
    const { answered } = await answer(processTool(), history, request!.approvalId, false, "not this month");
    expect(ran).toEqual({ listed: ["cus_1"], refunded: [] });
    expect(answered.text).toBe('Output: {"type":"execution-denied","reason":"not this month"}');
  });

  it("asks once for calls made together, and one approval runs each of them once", async () => {
    const code = `const [a, b] = await Promise.all([tools.billing.refund({ cents: 1 }), tools.billing.refund({ cents: 2 })]);
return [a.ok, b.ok];`;
    const { asked, request, history } = await ask(processTool(), code);
    expect(asked.content.filter((part) => part.type === "tool-approval-request")).toHaveLength(1);
    const { answered } = await answer(processTool(), history, request!.approvalId, true);
    expect([...ran.refunded].sort()).toEqual([1, 2]);
    expect(answered.text).toBe('Output: {"type":"json","value":{"status":"completed","result":[true,true]}}');
  });

  it("tells the model when the approved script stopped again at another approval, and that it will not go on", async () => {
    const code = `const first = await tools.billing.refund({ cents: 1 });
const second = await tools.billing.refund({ cents: 2 });
return [first.ok, second.ok];`;
    const { request, history } = await ask(processTool(), code);
    const { answered } = await answer(processTool(), history, request!.approvalId, true);
    expect(ran.refunded).toEqual([1]);
    const view = JSON.parse(answered.text.replace(/^Output: /, "")) as { value: Record<string, unknown> };
    expect(view.value).toMatchObject({ status: "paused", waitingFor: [{ tool: "billing.refund", arguments: { cents: 2 } }] });
    expect(view.value["note"]).toContain("did not run, and this run does not go on");
    expect(answered.text).not.toContain("continuation");
  });

  it("runs a script that needs no approval once, and answers in the same request", async () => {
    const code = `return (await tools.billing.list_invoices({ customerId: "cus_2" })).data;`;
    const { asked, request } = await ask(processTool(), code);
    expect(request).toBeUndefined();
    expect((asked.steps[0]!.toolResults[0]!.output as ExecutionResult).result).toEqual([40]);
    expect(asked.text).toBe('Output: {"type":"json","value":{"status":"completed","result":[40]}}');
    expect(ran.listed).toEqual(["cus_2"]);
  });

  it("runs nothing when the paused run is not in this process's store, and tells the model so", async () => {
    const { request, history } = await ask(processTool(), REFUND_FIRST);
    store = createMemoryContinuationStore();
    const { answered } = await answer(processTool(), history, request!.approvalId, true);
    expect(ran).toEqual({ listed: ["cus_1"], refunded: [] });
    expect(answered.text).toContain('"status":"failed"');
    expect(answered.text).toContain("The paused run this approval was for is gone");
  });

  it("refuses to resume a paused run for another owner", async () => {
    const { request, history } = await ask(processTool(), REFUND_FIRST);
    const model = createAnsweringModel(answerOf);
    const answered = await generateText({
      model,
      tools: { execute: processTool() },
      messages: [...history, { role: "tool", content: [{ type: "tool-approval-response", approvalId: request!.approvalId, approved: true }] }],
      ...withContext({ userId: "u-8" }),
    });
    expect(ran.refunded).toEqual([]);
    expect(answered.text).toMatch(/"status":"failed"/);
  });
});

/** A streaming model for a chat UI: it calls `execute` with the script, and answers once it was sent the output. */
function createStreamingModel(code: string) {
  const usage = { inputTokens: { total: 10, noCache: 10, cacheRead: 0, cacheWrite: 0 }, outputTokens: { total: 5, text: 5, reasoning: 0 } };
  return new MockLanguageModel({
    doStream: async ({ prompt }) => {
      const toolMessage = prompt.findLast((message) => message.role === "tool");
      const output = toolMessage?.content.find((part) => part.type === "tool-result");
      const chunks = output
        ? [
            { type: "text-start" as const, id: "t1" },
            { type: "text-delta" as const, id: "t1", delta: answerOf(output.type === "tool-result" ? output.output : undefined) },
            { type: "text-end" as const, id: "t1" },
            { type: "finish" as const, finishReason: { unified: "stop" as const, raw: undefined }, usage },
          ]
        : [
            { type: "tool-call" as const, toolCallId: "call-ui", toolName: "execute", input: JSON.stringify({ code }) },
            { type: "finish" as const, finishReason: { unified: "tool-calls" as const, raw: undefined }, usage },
          ];
      return { stream: simulateReadableStream({ chunks: [{ type: "stream-start" as const, warnings: [] }, ...chunks] }) };
    },
  });
}

/** The browser side of useChat, without React: AbstractChat over a plain state, as the framework hooks build it. */
class BrowserChat extends AbstractChat<UIMessage> {
  constructor(init: Omit<ConstructorParameters<typeof AbstractChat<UIMessage>>[0], "state">) {
    let messages: UIMessage[] = [];
    const state: ChatState<UIMessage> = {
      status: "ready",
      error: undefined,
      get messages() {
        return messages;
      },
      set messages(next) {
        messages = next;
      },
      pushMessage: (message) => void (messages = [...messages, message]),
      popMessage: () => void (messages = messages.slice(0, -1)),
      replaceMessage: (index, message) => void (messages = messages.map((current, at) => (at === index ? message : current))),
      snapshot: (thing) => structuredClone(thing),
    };
    super({ ...init, state });
  }
}

describe("createCodeModeTool (approvals: pause, in a chat UI)", () => {
  it("asks in the UI as for any needsApproval tool; addToolApprovalResponse resumes the script on the next request", async () => {
    const model = createStreamingModel(REFUND_FIRST);
    // Each request reaches another server process: its own code mode, the shared secret and store.
    const servers = [processTool(), processTool()].map((execute) => new DirectChatTransport({ agent: new ToolLoopAgent({ model, tools: { execute } }) }));
    let requests = 0;
    const transport: ChatTransport<UIMessage> = {
      sendMessages: (options) => servers[requests++]!.sendMessages(options as never) as never,
      reconnectToStream: async () => null,
    };
    const chat = new BrowserChat({ transport, sendAutomaticallyWhen: lastAssistantMessageIsCompleteWithApprovalResponses });
    await chat.sendMessage({ text: "Refund the first invoice of cus_1." });

    const part = chat.lastMessage?.parts.find((candidate) => candidate.type === "tool-execute") as
      | { state: string; input: { code: string }; approval: { id: string }; toolCallId: string }
      | undefined;
    expect(part).toMatchObject({ state: "approval-requested", input: { code: REFUND_FIRST } });
    expect(ran).toEqual({ listed: ["cus_1"], refunded: [] });

    await chat.addToolApprovalResponse({ id: part!.approval.id, approved: true });
    await vi.waitFor(() => expect(chat.status).toBe("ready"));
    expect(requests).toBe(2);
    expect(ran).toEqual({ listed: ["cus_1"], refunded: [250] });
    const text = chat.lastMessage?.parts.findLast((candidate) => candidate.type === "text") as { text: string } | undefined;
    expect(text?.text).toBe('Output: {"type":"json","value":{"status":"completed","result":{"refunded":250}}}');
  });
});
