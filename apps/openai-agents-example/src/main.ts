// Run with `pnpm start`: offline, with a scripted model standing in for one.
import { setTracingDisabled } from "@openai/agents";
import { askWarehouse, QUESTION } from "./ask-warehouse.js";
import { createOfflineModel } from "./offline-model.js";

setTracingDisabled(true);
console.log(`Q: ${QUESTION}`);
const answer = await askWarehouse(createOfflineModel(), (code) => {
  console.log(`--- the script asks to run ---\n${code}\n--- approved ---`);
  return true;
});
console.log(`A: ${answer}`);
