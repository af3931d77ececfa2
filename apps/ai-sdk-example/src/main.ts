// Run: pnpm start (offline), or with OPENAI_API_KEY / ANTHROPIC_API_KEY set for a real model.
import { answerQuestion, QUESTION } from "./answer-question.js";
import { chooseModel } from "./choose-model.js";
import { createOfflineRefundModel } from "./offline-model.js";
import { REFUND_QUESTION, refundWithApproval } from "./refund-with-approval.js";

const { model, name } = await chooseModel();
console.log(`Model: ${name}\nQuestion: ${QUESTION}\n`);
// While the script runs, its progress streams (what a chat UI shows under the tool call).
const { text, executions } = await answerQuestion(model, {
  onProgress: (progress) => console.log(`  … ${progress.message} (${progress.toolCalls.finished} calls done, ${progress.toolCalls.running.length} running)`),
});
for (const { code, result } of executions) {
  console.log(
    `--- script (${result.status}, ${result.toolCalls.length} tool calls, ${result.durationMs} ms)\n${code}\n`
  );
}
console.log(`Answer: ${text}\n`);

// A refund needs a person's yes: here a policy stands in for the person (refunds up to $5000).
console.log(`Question: ${REFUND_QUESTION}\n`);
const refundModel = name.startsWith("offline") ? createOfflineRefundModel() : model;
const decide = (pending: { arguments: unknown }[]) => pending.every((call) => (call.arguments as { amount: number }).amount <= 5000);
console.log(`Answer: ${await refundWithApproval(refundModel, { decide })}`);
