import { randomBytes } from "node:crypto";
import { createCodeModeTool, createCodeModeTransport, type CodeModeSuspendPayload } from "@codemode/mastra";
import type { PendingCall } from "@codemode/core";
import { Agent } from "@mastra/core/agent";
import { Mastra } from "@mastra/core/mastra";
import { InMemoryStore } from "@mastra/core/storage";
import { createCodeMode } from "@mastra/core/tools";
import type { MockLanguageModelV3 } from "ai/test";
import { listOrders, refundOrder } from "./order-tools.js";

/** Asks through `@codemode/mastra`'s `execute` tool: one script over the shop's tools, its result for the model. */
export async function askWithCodeModeTool(model: MockLanguageModelV3, question: string): Promise<string> {
  const execute = createCodeModeTool({ tools: { list_orders: listOrders }, namespace: "shop", limits: { timeoutMs: 10_000 } });
  try {
    const agent = new Agent({ id: "shop", name: "shop", instructions: "Answer about orders.", model, tools: { execute } });
    return (await agent.generate(question, { maxSteps: 3 })).text;
  } finally {
    await execute.close();
  }
}

/** Asks through Mastra's own code mode, whose `execute_typescript` runs on this engine via the transport: no sandbox. */
export async function askWithMastraCodeMode(model: MockLanguageModelV3, question: string): Promise<string> {
  const transport = createCodeModeTransport();
  try {
    const { tool, instructions } = createCodeMode({ tools: { list_orders: listOrders } }, transport);
    const agent = new Agent({ id: "shop", name: "shop", instructions: ["Answer about orders.", instructions], model, tools: { execute_typescript: tool } });
    return (await agent.generate(question, { maxSteps: 3 })).text;
  } finally {
    await transport.close();
  }
}

/**
 * A refund that needs a person: the script pauses at the refunds, Mastra suspends the tool call (its state kept in
 * Mastra's storage), `decide` plays the person, and `resumeGenerate` carries the answer; the script goes on from the
 * pause without listing the orders again.
 */
export async function refundWithApproval(model: MockLanguageModelV3, question: string, decide: (pending: PendingCall[]) => boolean): Promise<string> {
  const execute = createCodeModeTool({
    tools: { list_orders: listOrders, refund_order: refundOrder },
    namespace: "shop",
    approvals: { mode: "pause", secret: randomBytes(32) },
  });
  try {
    const agent = new Agent({ id: "shop", name: "shop", instructions: "Refund orders.", model, tools: { execute } });
    new Mastra({ agents: { shop: agent }, storage: new InMemoryStore(), logger: false });
    const first = await agent.generate(question, { maxSteps: 3 });
    if (first.finishReason !== "suspended") return first.text;
    const { pending } = (first.suspendPayload as { suspendPayload: CodeModeSuspendPayload }).suspendPayload;
    const approved = decide(pending);
    return (await agent.resumeGenerate({ approved, reason: "the person said no" }, { runId: first.runId!, maxSteps: 3 })).text;
  } finally {
    await execute.close();
  }
}
