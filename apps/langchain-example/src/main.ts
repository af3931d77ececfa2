// Run with `pnpm start`: offline by default; set ANTHROPIC_API_KEY or OPENAI_API_KEY to ask a real model.
import { describeExecutionEvent } from "@codemode/core";
import { createRealModel, createRefundModel, createScriptedModel } from "./create-model.js";
import { runAgent } from "./run-agent.js";

const conversations = [
  { question: "What is the total of the unpaid invoices of our three largest customers by revenue?", scripted: createScriptedModel },
  { question: "Umbrella and Hooli were charged twice for their paid invoices. Refund those invoices.", scripted: createRefundModel },
];
const realModel = await createRealModel();

for (const { question, scripted } of conversations) {
  console.log(`=== ${question}`);
  // The refund approver prints its decisions while the script runs, before the script is printed below.
  // The script's calls as they happen, from the graph's custom stream.
  const onEvent = (event: Parameters<typeof describeExecutionEvent>[0]) => console.log(`  [codemode] ${describeExecutionEvent(event) ?? event.type}`);
  const { answer, messages } = await runAgent(question, realModel ?? scripted(), { onEvent });
  for (const message of messages) {
    const calls = "tool_calls" in message ? (message.tool_calls as { args: { code?: string } }[]) : [];
    for (const call of calls) if (call.args.code) console.log(`\n--- script ---\n${call.args.code}\n`);
    if (message.type === "tool") console.log(`--- execute returned ---\n${message.text}\n`);
  }
  console.log(`Q: ${question}\nA: ${answer}\n`);
}
