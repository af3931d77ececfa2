import { createCodeModeTool } from "@codemode/langchain";
import type { BaseChatModel } from "@langchain/core/language_models/chat_models";
import type { BaseMessage } from "@langchain/core/messages";
import { createAgent } from "langchain";
import { createRefundApprover } from "./approve-refund.js";
import { billingTools, namespaces } from "./billing-tools.js";

/** What the agent answered, with the whole conversation. */
export interface RunAgentResult {
  answer: string;
  messages: BaseMessage[];
}

/** Options of {@link runAgent}. */
export interface RunAgentOptions {
  /** Where the refund approver prints its decisions. Default `console.log`. */
  log?: (line: string) => void;
}

/** Asks a `createAgent` agent whose only tool is `execute`, a code-mode tool over the billing tools. */
export async function runAgent(question: string, model: BaseChatModel, options: RunAgentOptions = {}): Promise<RunAgentResult> {
  const execute = createCodeModeTool({
    tools: billingTools,
    namespace: namespaces,
    // A refund moves money, so each call waits for the approver's yes; a no reaches the script as access_denied.
    interruptOn: { refund_invoice: true },
    approve: createRefundApprover(options.log),
    limits: { timeoutMs: 10_000 },
  });
  try {
    const agent = createAgent({
      model,
      tools: [execute],
      systemPrompt: "Answer by writing one script for the execute tool; it returns only what the answer needs.",
    });
    const { messages } = await agent.invoke({ messages: [{ role: "user", content: question }] });
    return { answer: messages.at(-1)?.text ?? "", messages };
  } finally {
    // The code mode owns worker threads; close them or the process stays alive.
    await execute.close();
  }
}
