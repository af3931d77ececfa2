// Run: pnpm start (offline), or with OPENAI_API_KEY / ANTHROPIC_API_KEY set for a real model.
import { answerQuestion, QUESTION } from "./answer-question.js";
import { chooseModel } from "./choose-model.js";

const { model, name } = await chooseModel();
console.log(`Model: ${name}\nQuestion: ${QUESTION}\n`);
const { text, executions } = await answerQuestion(model);
for (const { code, result } of executions) {
  console.log(
    `--- script (${result.status}, ${result.toolCalls.length} tool calls, ${result.durationMs} ms)\n${code}\n`
  );
}
console.log(`Answer: ${text}`);
