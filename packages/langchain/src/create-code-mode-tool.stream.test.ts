import type { ExecutionEvent, ExecutionResult } from "@codemode/core";
import { AIMessage } from "@langchain/core/messages";
import { fakeModel } from "@langchain/core/testing";
import { tool } from "@langchain/core/tools";
import { END, MemorySaver, MessagesAnnotation, START, StateGraph } from "@langchain/langgraph";
import { ToolNode, toolsCondition } from "@langchain/langgraph/prebuilt";
import { afterEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { CODEMODE_EVENT, createCodeModeTool, type CodeModeTool } from "./create-code-mode-tool.js";

const open: CodeModeTool[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((execute) => execute.close()));
});

/** A two-page reader whose second page waits until `release` is called: the run can only end once its events were seen. */
function pagedTool() {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  const readPage = tool(
    async ({ page }) => {
      if (page === 2) await released;
      return { page, invoices: 100 };
    },
    { name: "read_page", description: "Read one page of invoices.", schema: z.object({ page: z.number() }) },
  );
  const execute = createCodeModeTool({ tools: [readPage], namespace: "billing", poolSize: 1 });
  open.push(execute);
  return { execute, release };
}

const SCRIPT = `let invoices = 0;
for (let page = 1; page <= 2; page++) {
  invoices += (await tools.billing.read_page({ page })).data.invoices;
  console.log("read page " + page + " of 2");
}
return invoices;`;

const EXPECTED = [
  "tool-call-start billing.read_page",
  "tool-call-end billing.read_page",
  "logs read page 1 of 2",
  "tool-call-start billing.read_page",
  "tool-call-end billing.read_page",
  "logs read page 2 of 2",
  "end completed",
];

function describeEvent(event: ExecutionEvent): string {
  if (event.type === "logs") return `logs ${event.lines.join("|")}`;
  if (event.type === "end") return `end ${event.status}`;
  return `${event.type} ${"tool" in event ? event.tool : ""}`;
}

describe("createCodeModeTool (streaming)", () => {
  it("writes the run's events to a LangGraph graph's custom stream as they happen, before the tool's result", async () => {
    const { execute, release } = pagedTool();
    const model = fakeModel()
      .respondWithTools([{ name: "execute", args: { code: SCRIPT }, id: "call_1" }])
      .respond(new AIMessage("200 invoices."));
    const graph = new StateGraph(MessagesAnnotation)
      .addNode("agent", async (state) => ({ messages: [await model.invoke(state.messages)] }))
      .addNode("tools", new ToolNode([execute]))
      .addEdge(START, "agent")
      .addConditionalEdges("agent", toolsCondition, ["tools", END])
      .addEdge("tools", "agent")
      .compile({ checkpointer: new MemorySaver() });
    const seen: string[] = [];
    const stream = await graph.stream(
      { messages: [{ role: "user", content: "How many invoices?" }] },
      { configurable: { thread_id: "stream-1" }, streamMode: ["custom", "updates"] },
    );
    for await (const [mode, chunk] of stream) {
      if (mode === "custom") {
        const { codemode, toolCallId } = chunk as { codemode: ExecutionEvent; toolCallId: string };
        expect(toolCallId).toBe("call_1");
        seen.push(describeEvent(codemode));
        // The second page is read only once the first one's line has arrived here.
        if (codemode.type === "logs" && codemode.lines.includes("read page 1 of 2")) release();
      } else if ((chunk as Record<string, unknown>).tools) {
        const [message] = (chunk as unknown as { tools: { messages: { artifact: ExecutionResult }[] } }).tools.messages;
        seen.push(`tool result ${JSON.stringify(message!.artifact.result)}`);
      }
    }
    expect(seen).toEqual([...EXPECTED, "tool result 200"]);
  });

  it("dispatches the events as custom events that streamEvents delivers, outside a graph", async () => {
    const { execute, release } = pagedTool();
    const seen: string[] = [];
    for await (const event of execute.streamEvents({ code: SCRIPT }, { version: "v2" })) {
      if (event.event === "on_custom_event") {
        expect(event.name).toBe(CODEMODE_EVENT);
        const codemode = event.data as ExecutionEvent;
        seen.push(describeEvent(codemode));
        if (codemode.type === "logs" && codemode.lines.includes("read page 1 of 2")) release();
      } else if (event.event === "on_tool_end" && event.name !== "read_page") {
        // The inner read_page runs end too; called without a tool call, execute answers with its text ("Result: 200").
        seen.push(`tool result ${/Result: (\d+)/.exec(String(event.data.output))?.[1]}`);
      }
    }
    expect(seen).toEqual([...EXPECTED, "tool result 200"]);
  });
});
