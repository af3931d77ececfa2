import { randomBytes } from "node:crypto";
import { createCodeModeTool, type CodeModeInterrupt } from "@codemode/langchain";
import type { BaseChatModel } from "@langchain/core/language_models/chat_models";
import type { BaseMessage } from "@langchain/core/messages";
import { Command, MemorySaver } from "@langchain/langgraph";
import { createAgent } from "langchain";
import { decideRefunds } from "./approve-refund.js";
import { billingTools, namespaces } from "./billing-tools.js";

/** What the agent answered, with the whole conversation and how many times it stopped for a person. */
export interface RunAgentResult {
  answer: string;
  messages: BaseMessage[];
  interrupts: number;
}

/** Options of {@link runAgent}. */
export interface RunAgentOptions {
  /** Where the refund decisions are printed. Default `console.log`. */
  log?: (line: string) => void;
}

/**
 * Asks a `createAgent` agent whose only tool is `execute`, a code-mode tool over the billing tools. A refund needs a
 * person's approval: the script pauses there, the graph stops with an interrupt naming the refund, and the answer
 * resumes it (`new Command({ resume })`, through the checkpointer). The script's earlier calls do not run again.
 */
export async function runAgent(question: string, model: BaseChatModel, options: RunAgentOptions = {}): Promise<RunAgentResult> {
  const execute = createCodeModeTool({
    tools: billingTools,
    namespace: namespaces,
    // A refund moves money, so each call waits for a person; a no reaches the script as access_denied.
    interruptOn: { refund_invoice: true },
    approvals: { mode: "pause", secret: randomBytes(32) },
    limits: { timeoutMs: 10_000 },
  });
  try {
    const agent = createAgent({
      model,
      tools: [execute],
      checkpointer: new MemorySaver(),
      systemPrompt: "Answer by writing one script for the execute tool; it returns only what the answer needs.",
    });
    const config = { configurable: { thread_id: "refunds-1" } };
    let state = await agent.invoke({ messages: [{ role: "user", content: question }] }, config);
    let interrupts = 0;
    // Each refund the script reaches stops the graph; the person's answer goes back in as the resume value.
    for (let paused = interruptOf(state); paused; paused = interruptOf(state)) {
      interrupts++;
      state = await agent.invoke(new Command({ resume: decideRefunds(paused.pending, options.log) }), config);
    }
    return { answer: state.messages.at(-1)?.text ?? "", messages: state.messages, interrupts };
  } finally {
    // The code mode owns worker threads; close them or the process stays alive.
    await execute.close();
  }
}

function interruptOf(state: unknown): CodeModeInterrupt | undefined {
  return (state as { __interrupt__?: { value: CodeModeInterrupt }[] }).__interrupt__?.[0]?.value;
}
