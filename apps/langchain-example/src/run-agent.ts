import { randomBytes } from "node:crypto";
import type { ExecutionEvent } from "@codemode/core";
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
  /** Hears each run's events as they happen (tool calls started and finished, console lines), from the graph's custom stream. */
  onEvent?: (event: ExecutionEvent) => void;
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
    // Streamed: the code-mode tool writes each run's events to the graph's custom stream while the script runs.
    const turn = async (input: Parameters<typeof agent.stream>[0]) => {
      let state: { messages: BaseMessage[] } | undefined;
      let paused: CodeModeInterrupt | undefined;
      for await (const [mode, chunk] of await agent.stream(input, { ...config, streamMode: ["custom", "updates", "values"] })) {
        if (mode === "custom" && isCodeModeChunk(chunk)) options.onEvent?.(chunk.codemode);
        if (mode === "updates") paused ??= interruptOf(chunk);
        if (mode === "values") state = chunk as { messages: BaseMessage[] };
      }
      return { messages: state?.messages ?? [], paused };
    };
    let state = await turn({ messages: [{ role: "user", content: question }] });
    let interrupts = 0;
    // Each refund the script reaches stops the graph; the person's answer goes back in as the resume value.
    for (let paused = state.paused; paused; paused = state.paused) {
      interrupts++;
      state = await turn(new Command({ resume: decideRefunds(paused.pending, options.log) }));
    }
    return { answer: state.messages.at(-1)?.text ?? "", messages: state.messages, interrupts };
  } finally {
    // The code mode owns worker threads; close them or the process stays alive.
    await execute.close();
  }
}

/** The interrupt a graph stopped at, as its `updates` stream tells it. */
function interruptOf(update: unknown): CodeModeInterrupt | undefined {
  return (update as { __interrupt__?: { value: CodeModeInterrupt }[] }).__interrupt__?.[0]?.value;
}

/** A chunk the code-mode tool wrote to the custom stream: `{ codemode: event, toolCallId }`. */
function isCodeModeChunk(chunk: unknown): chunk is { codemode: ExecutionEvent } {
  return typeof chunk === "object" && chunk !== null && "codemode" in chunk;
}
