import { createMemoryContinuationStore, type ContinuationStore, type ExecutionResult } from "@codemode/core";
import { AIMessage, type BaseMessage, type ToolMessage } from "@langchain/core/messages";
import { fakeModel } from "@langchain/core/testing";
import { tool } from "@langchain/core/tools";
import { Command, END, MemorySaver, MessagesAnnotation, START, StateGraph } from "@langchain/langgraph";
import { ToolNode, toolsCondition } from "@langchain/langgraph/prebuilt";
import { createAgent } from "langchain";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { createCodeModeTool, type CodeModeTool } from "./create-code-mode-tool.js";
import type { CodeModeInterrupt } from "./interrupt-at-approval.js";

// Two code-mode tools sharing a secret, a continuation store and a checkpointer stand for two processes: the
// invocation that interrupted and the one that resumes it need not run in the same one.
const SECRET = "pause-test-secret-0123456789abcdef";

const ran = { listed: [] as string[], refunded: [] as number[] };
const listInvoices = tool(async ({ customerId }) => (ran.listed.push(customerId), customerId === "cus_1" ? [250, 900] : [40]), {
  name: "list_invoices",
  description: "List the unpaid invoice amounts of one customer, in cents.",
  schema: z.object({ customerId: z.string() }),
});
const refund = tool(async ({ cents }) => (ran.refunded.push(cents), { refunded: cents }), {
  name: "refund",
  description: "Refund an amount in cents.",
  schema: z.object({ cents: z.number().int() }),
});

const REFUND_FIRST = `const invoices = await tools.billing.list_invoices({ customerId: "cus_1" });
const refund = await tools.billing.refund({ cents: invoices.data[0] });
return refund.ok ? { refunded: refund.data.refunded } : { error: refund.error.message };`;

const open: CodeModeTool[] = [];
let store: ContinuationStore;
let checkpointer: MemorySaver;

function processTool(): CodeModeTool {
  const execute = createCodeModeTool({
    tools: [listInvoices, refund],
    namespace: "billing",
    interruptOn: { refund: true },
    approvals: { mode: "pause", secret: SECRET, store },
    owner: (config) => String(config.configurable?.["userId"] ?? ""),
    poolSize: 1,
  });
  open.push(execute);
  return execute;
}

type Model = ReturnType<typeof fakeModel>;

/** The usual LangGraph agent: a model node, the code-mode tool in a ToolNode, a loop, the shared checkpointer. */
function agentGraph(model: Model, execute: CodeModeTool) {
  return new StateGraph(MessagesAnnotation)
    .addNode("agent", async (state) => ({ messages: [await model.invoke(state.messages)] }))
    .addNode("tools", new ToolNode([execute]))
    .addEdge(START, "agent")
    .addConditionalEdges("agent", toolsCondition, ["tools", END])
    .addEdge("tools", "agent")
    .compile({ checkpointer });
}

/** A model that answers from the last script output it was sent. */
const answering = () => fakeModel().respond((messages: BaseMessage[]) => new AIMessage(`Output: ${String(messages.at(-1)?.content)}`));
const writing = (code: string) => fakeModel().respondWithTools([{ name: "execute", args: { code }, id: "call_1" }]);

const config = (thread: string) => ({ configurable: { thread_id: thread, userId: "u-7" } });
const interruptsOf = (state: unknown) => (state as { __interrupt__?: { value: CodeModeInterrupt }[] }).__interrupt__ ?? [];
const lastResult = (messages: BaseMessage[]) =>
  (messages.filter((message) => message.type === "tool").at(-1) as ToolMessage).artifact as ExecutionResult;

beforeEach(() => {
  store = createMemoryContinuationStore();
  checkpointer = new MemorySaver();
});

afterEach(async () => {
  ran.listed.length = 0;
  ran.refunded.length = 0;
  await Promise.all(open.splice(0).map((execute) => execute.close()));
});

describe("createCodeModeTool (approvals: pause, as a LangGraph interrupt)", () => {
  it("interrupts the graph with the waiting call, having run only the calls before it", async () => {
    const paused = await agentGraph(writing(REFUND_FIRST), processTool()).invoke({ messages: [{ role: "user", content: "Refund it." }] }, config("t-1"));
    const [interrupt] = interruptsOf(paused);
    expect(interrupt?.value).toMatchObject({
      actionRequests: [{ name: "billing.refund", args: { cents: 250 } }],
      reviewConfigs: [{ actionName: "billing.refund", allowedDecisions: ["approve", "reject"] }],
      pending: [{ tool: "billing.refund", arguments: { cents: 250 }, line: 2 }],
    });
    expect(ran).toEqual({ listed: ["cus_1"], refunded: [] });
  });

  it("resumes with Command({ resume: decisions }) in another process: the approved call runs once, nothing before it again", async () => {
    const paused = await agentGraph(writing(REFUND_FIRST), processTool()).invoke({ messages: [{ role: "user", content: "Refund it." }] }, config("t-2"));
    const [{ value }] = interruptsOf(paused) as [{ value: CodeModeInterrupt }];
    const resumed = await agentGraph(answering(), processTool()).invoke(new Command({ resume: { [value.pending[0]!.callId]: true } }), config("t-2"));
    expect(ran).toEqual({ listed: ["cus_1"], refunded: [250] });
    expect(lastResult(resumed.messages)).toMatchObject({ status: "completed", result: { refunded: 250 } });
    expect(resumed.messages.at(-1)?.content).toContain('Result: {"refunded":250}');
  });

  it("never runs a denied call, and the script goes on with access_denied and the reason", async () => {
    const paused = await agentGraph(writing(REFUND_FIRST), processTool()).invoke({ messages: [{ role: "user", content: "Refund it." }] }, config("t-3"));
    const [{ value }] = interruptsOf(paused) as [{ value: CodeModeInterrupt }];
    const decision = { approved: false, reason: "not this month" };
    const resumed = await agentGraph(answering(), processTool()).invoke(new Command({ resume: { [value.pending[0]!.callId]: decision } }), config("t-3"));
    expect(ran).toEqual({ listed: ["cus_1"], refunded: [] });
    expect(lastResult(resumed.messages).result).toEqual({ error: "The call to billing.refund was denied: not this month." });
  });

  it("takes humanInTheLoopMiddleware's answer too, one decision per action request", async () => {
    const code = `const [a, b] = await Promise.all([tools.billing.refund({ cents: 1 }), tools.billing.refund({ cents: 2 })]);
return [a.ok, b.ok];`;
    const paused = await agentGraph(writing(code), processTool()).invoke({ messages: [{ role: "user", content: "Refund both." }] }, config("t-4"));
    const [{ value }] = interruptsOf(paused) as [{ value: CodeModeInterrupt }];
    expect(value.actionRequests.map((request) => request.args)).toEqual([{ cents: 1 }, { cents: 2 }]);
    const decisions = [{ type: "approve" }, { type: "reject", message: "only one" }];
    const resumed = await agentGraph(answering(), processTool()).invoke(new Command({ resume: { decisions } }), config("t-4"));
    expect(ran.refunded).toEqual([1]);
    expect(lastResult(resumed.messages).result).toEqual([true, false]);
  });

  it("interrupts again when the resumed script reaches another call that needs approval", async () => {
    const code = `const first = await tools.billing.refund({ cents: 1 });
const listed = await tools.billing.list_invoices({ customerId: "cus_2" });
const second = await tools.billing.refund({ cents: listed.data[0] });
return [first.ok, second.ok];`;
    const graph = () => agentGraph(answering(), processTool());
    const paused = await agentGraph(writing(code), processTool()).invoke({ messages: [{ role: "user", content: "Refund." }] }, config("t-5"));
    const first = interruptsOf(paused)[0]!.value.pending[0]!;
    const again = await graph().invoke(new Command({ resume: { [first.callId]: true } }), config("t-5"));
    const second = interruptsOf(again)[0]!.value.pending[0]!;
    expect(second).toMatchObject({ tool: "billing.refund", arguments: { cents: 40 }, line: 3 });
    expect(ran).toEqual({ listed: ["cus_2"], refunded: [1] });
    const done = await graph().invoke(new Command({ resume: { [second.callId]: true } }), config("t-5"));
    expect(ran).toEqual({ listed: ["cus_2"], refunded: [1, 40] });
    expect(lastResult(done.messages).result).toEqual([true, true]);
  });

  it("refuses a resume value that is not a decision, saying what is wrong", async () => {
    const paused = await agentGraph(writing(REFUND_FIRST), processTool()).invoke({ messages: [{ role: "user", content: "Refund it." }] }, config("t-6"));
    expect(interruptsOf(paused)).toHaveLength(1);
    const resumed = await agentGraph(answering(), processTool()).invoke(new Command({ resume: "yes" }), config("t-6"));
    const message = resumed.messages.find((candidate: BaseMessage) => candidate.type === "tool") as ToolMessage;
    expect(String(message.content)).toContain("The resume value of the code-mode interrupt is not a decision: it is string.");
    expect(ran.refunded).toEqual([]);
  });

  it("pauses inside a createAgent run with a checkpointer, and resumes it", async () => {
    const execute = processTool();
    const model = fakeModel()
      .respondWithTools([{ name: "execute", args: { code: REFUND_FIRST }, id: "call_9" }])
      .respond((messages: BaseMessage[]) => new AIMessage(`Output: ${String(messages.at(-1)?.content)}`));
    const agent = createAgent({ model, tools: [execute], checkpointer });
    const paused = await agent.invoke({ messages: [{ role: "user", content: "Refund it." }] }, config("t-7"));
    const [{ value }] = interruptsOf(paused) as [{ value: CodeModeInterrupt }];
    expect(ran).toEqual({ listed: ["cus_1"], refunded: [] });
    const resumed = await agent.invoke(new Command({ resume: { [value.pending[0]!.callId]: true } }), config("t-7"));
    expect(ran).toEqual({ listed: ["cus_1"], refunded: [250] });
    expect(resumed.messages.at(-1)?.content).toContain('Result: {"refunded":250}');
  });
});
