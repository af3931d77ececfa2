import type { ApprovalRequest, ExecutionResult } from "@codemode/core";
import { AIMessage, ToolMessage, type BaseMessage } from "@langchain/core/messages";
import { fakeModel } from "@langchain/core/testing";
import { tool } from "@langchain/core/tools";
import { Command, END, interrupt, MemorySaver, MessagesAnnotation, START, StateGraph } from "@langchain/langgraph";
import { ToolNode, toolsCondition } from "@langchain/langgraph/prebuilt";
import { afterEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { createCodeModeTool, type CodeModeTool, type CreateCodeModeToolOptions } from "./create-code-mode-tool.js";

const refunded: number[] = [];
const invoices = tool(async ({ customerId }) => (customerId === "cus_1" ? [120, 80] : [45]), {
  name: "list_invoices",
  description: "List the unpaid invoice amounts of one customer.",
  schema: z.object({ customerId: z.string() }),
});
const refund = tool(async ({ cents }) => (refunded.push(cents), { refunded: cents }), {
  name: "refund",
  description: "Refund an amount in cents.",
  schema: z.object({ cents: z.number().int() }),
});

const TOTAL = `const [a, b] = await Promise.all(["cus_1", "cus_2"].map((customerId) => tools.billing.list_invoices({ customerId })));
return [...a.data, ...b.data].reduce((sum, amount) => sum + amount, 0);`;
const REFUND = `return (await tools.billing.refund({ cents: 45 })).data;`;

const open: CodeModeTool[] = [];
function make(options: Partial<CreateCodeModeToolOptions> = {}): CodeModeTool {
  const execute = createCodeModeTool({ tools: [invoices, refund], namespace: "billing", poolSize: 1, ...options });
  open.push(execute);
  return execute;
}

afterEach(async () => {
  refunded.length = 0;
  await Promise.all(open.splice(0).map((execute) => execute.close()));
});

type Model = ReturnType<typeof fakeModel>;

/** The usual LangGraph agent: a model node, the code-mode tool in a ToolNode, and a loop between them. */
function agentGraph(model: Model, execute: CodeModeTool) {
  return new StateGraph(MessagesAnnotation)
    .addNode("agent", async (state) => ({ messages: [await model.invoke(state.messages)] }))
    .addNode("tools", new ToolNode([execute]))
    .addEdge(START, "agent")
    .addConditionalEdges("agent", toolsCondition, ["tools", END])
    .addEdge("tools", "agent")
    .compile({ checkpointer: new MemorySaver() });
}

/**
 * The same agent with a review node before the tools: it interrupts the graph with the script the model wrote, and
 * the resume value (true or false) decides whether the ToolNode runs it.
 */
function reviewedGraph(model: Model, execute: CodeModeTool) {
  return new StateGraph(MessagesAnnotation)
    .addNode("agent", async (state) => ({ messages: [await model.invoke(state.messages)] }))
    .addNode(
      "review",
      (state) => {
        const request = state.messages.at(-1) as AIMessage;
        const approved = interrupt<{ code: unknown }, boolean>({ code: request.tool_calls?.[0]?.args.code });
        if (approved) return new Command({ goto: "tools" });
        const declined = (request.tool_calls ?? []).map(
          (call) => new ToolMessage({ tool_call_id: call.id ?? "", content: "The user declined to run this script." })
        );
        return new Command({ goto: "agent", update: { messages: declined } });
      },
      { ends: ["tools", "agent"] }
    )
    .addNode("tools", new ToolNode([execute]))
    .addEdge(START, "agent")
    .addConditionalEdges("agent", (state) => (toolsCondition(state) === END ? END : "review"), ["review", END])
    .addEdge("tools", "agent")
    .compile({ checkpointer: new MemorySaver() });
}

const thread = (id: string) => ({ configurable: { thread_id: id } });
const toolMessages = (messages: BaseMessage[]) => messages.filter((message) => message.type === "tool") as ToolMessage[];

describe("createCodeModeTool in a LangGraph graph with a checkpointer", () => {
  it("runs scripts from a ToolNode and keeps the thread's messages, with each full result, for the next invocation", async () => {
    const model = fakeModel()
      .respondWithTools([{ name: "execute", args: { code: TOTAL }, id: "call_1" }])
      .respond(new AIMessage("They owe 245."))
      .respondWithTools([{ name: "execute", args: { code: REFUND }, id: "call_2" }])
      .respond(new AIMessage("Refunded 45."));
    const graph = agentGraph(model, make());

    const first = await graph.invoke({ messages: [{ role: "user", content: "What do they owe?" }] }, thread("t-1"));
    expect(first.messages.at(-1)?.content).toBe("They owe 245.");
    const second = await graph.invoke({ messages: [{ role: "user", content: "Refund the 45." }] }, thread("t-1"));

    // The checkpointer kept the first turn: the second one continues the same thread.
    expect(second.messages.map((message) => message.type)).toEqual(["human", "ai", "tool", "ai", "human", "ai", "tool", "ai"]);
    // The model's first call of the second turn was sent the first turn's script output.
    expect(model.calls[2]!.messages.map((message) => message.content)).toContain(toolMessages(first.messages)[0]!.content);
    const [total, refundRun] = toolMessages(second.messages).map((message) => message.artifact as ExecutionResult);
    expect(total).toMatchObject({ status: "completed", result: 245 });
    expect(total!.toolCalls.map((call) => call.tool)).toEqual(["billing.list_invoices", "billing.list_invoices"]);
    expect(refundRun).toMatchObject({ status: "completed", result: { refunded: 45 } });
    expect(refunded).toEqual([45]);

    // What the checkpointer saved is what the graph returned, and another thread starts empty.
    const saved = await graph.getState(thread("t-1"));
    expect((saved.values as typeof second).messages).toHaveLength(8);
    expect((await graph.getState(thread("t-2"))).values).toEqual({});
  });

  it("asks approve for inner calls named in interruptOn, with the graph's config, thread_id included", async () => {
    const requests: ApprovalRequest[] = [];
    const execute = make({ interruptOn: { refund: true }, approve: (request) => (requests.push(request), true) });
    const model = fakeModel()
      .respondWithTools([{ name: "execute", args: { code: REFUND }, id: "call_1" }])
      .respond(new AIMessage("Refunded."));
    const { messages } = await agentGraph(model, execute).invoke(
      { messages: [{ role: "user", content: "Refund the 45." }] },
      thread("t-approve")
    );
    expect(toolMessages(messages)[0]!.artifact).toMatchObject({ result: { refunded: 45 } });
    expect(requests).toHaveLength(1);
    expect(requests[0]).toMatchObject({ tool: "billing.refund", arguments: { cents: 45 } });
    expect(requests[0]!.context).toMatchObject({ configurable: { thread_id: "t-approve" } });
  });

  it("pauses at a graph interrupt before the script runs and runs it when resumed with a yes", async () => {
    const model = fakeModel()
      .respondWithTools([{ name: "execute", args: { code: REFUND }, id: "call_1" }])
      .respond(new AIMessage("Refunded 45."));
    const graph = reviewedGraph(model, make());

    const paused = await graph.invoke({ messages: [{ role: "user", content: "Refund the 45." }] }, thread("t-review"));
    expect((paused as { __interrupt__?: unknown }).__interrupt__).toMatchObject([{ value: { code: REFUND } }]);
    expect(refunded).toEqual([]);
    expect((await graph.getState(thread("t-review"))).next).toEqual(["review"]);

    const resumed = await graph.invoke(new Command({ resume: true }), thread("t-review"));
    expect(refunded).toEqual([45]);
    expect(toolMessages(resumed.messages)[0]!.artifact).toMatchObject({ status: "completed", result: { refunded: 45 } });
    expect(resumed.messages.at(-1)?.content).toBe("Refunded 45.");
  });

  it("never runs the script when the interrupt is resumed with a no", async () => {
    const model = fakeModel()
      .respondWithTools([{ name: "execute", args: { code: REFUND }, id: "call_1" }])
      .respond(new AIMessage("I did not refund it."));
    const graph = reviewedGraph(model, make());
    await graph.invoke({ messages: [{ role: "user", content: "Refund the 45." }] }, thread("t-deny"));

    const resumed = await graph.invoke(new Command({ resume: false }), thread("t-deny"));
    expect(refunded).toEqual([]);
    expect(toolMessages(resumed.messages).map((message) => message.content)).toEqual(["The user declined to run this script."]);
    expect(resumed.messages.at(-1)?.content).toBe("I did not refund it.");
  });
});
