// Run with `pnpm start`: offline, with scripted models standing in for a model.
import { askWithCodeModeTool, askWithMastraCodeMode, refundWithApproval } from "./ask-shop.js";
import { createOfflineModel, LOST_SCRIPT, MASTRA_SCRIPT, REFUND_SCRIPT } from "./offline-model.js";

const lostQuestion = "Which of Acme's orders were lost, and what were they worth?";
console.log(`Q: ${lostQuestion}\n--- @codemode/mastra's execute tool ---\n${LOST_SCRIPT}\nA: ${await askWithCodeModeTool(createOfflineModel("execute", { code: LOST_SCRIPT }), lostQuestion)}\n`);
console.log(`--- Mastra's own code mode on this engine (createCodeModeTransport) ---\n${MASTRA_SCRIPT}\nA: ${await askWithMastraCodeMode(createOfflineModel("execute_typescript", { code: MASTRA_SCRIPT }), lostQuestion)}\n`);

const refundQuestion = "Refund Acme's lost orders.";
const decide = (pending: { tool: string; arguments: unknown }[]) => {
  for (const call of pending) console.log(`approval asked: ${call.tool} ${JSON.stringify(call.arguments)}`);
  return true;
};
console.log(`Q: ${refundQuestion}\nA: ${await refundWithApproval(createOfflineModel("execute", { code: REFUND_SCRIPT }), refundQuestion, decide)}`);
