// Run with `pnpm start`: offline, with scripted adapters standing in for a model.
import { askWithCodeModeTool, askWithTanStackCodeMode, QUESTION } from "./ask-shop.js";
import { createOfflineAdapter, SCRIPT, TANSTACK_SCRIPT } from "./offline-adapter.js";

console.log(`Q: ${QUESTION}\n\n--- @codemode/tanstack-ai's execute tool, script ---\n${SCRIPT}\n`);
const viaTool = await askWithCodeModeTool(createOfflineAdapter("execute", { code: SCRIPT }));
console.log(`tool calls: ${viaTool.toolCalls.join(", ")}\nA: ${viaTool.text}\n`);

console.log(`--- TanStack's own code mode on this engine (createCodeModeIsolateDriver), program ---\n${TANSTACK_SCRIPT}\n`);
const viaDriver = await askWithTanStackCodeMode(createOfflineAdapter("execute_typescript", { typescriptCode: TANSTACK_SCRIPT }));
console.log(`tool calls: ${viaDriver.toolCalls.join(", ")}\nA: ${viaDriver.text}`);
