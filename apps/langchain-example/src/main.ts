// Run with `pnpm start`: offline by default; set ANTHROPIC_API_KEY or OPENAI_API_KEY to ask a real model.
import { createRealModel, createScriptedModel } from "./create-model.js";
import { runAgent } from "./run-agent.js";

const question = "What is the total of the unpaid invoices of our three largest customers by revenue?";
const model = (await createRealModel()) ?? createScriptedModel();
const { answer, messages } = await runAgent(question, model);

for (const message of messages) {
  const calls = "tool_calls" in message ? (message.tool_calls as { args: { code?: string } }[]) : [];
  for (const call of calls) if (call.args.code) console.log(`--- script ---\n${call.args.code}\n`);
  if (message.type === "tool") console.log(`--- execute returned ---\n${message.text}\n`);
}
console.log(`Q: ${question}\nA: ${answer}`);
