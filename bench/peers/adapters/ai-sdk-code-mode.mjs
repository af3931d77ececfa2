// Vercel's @ai-sdk/code-mode (on `run`): AI SDK tools called from a QuickJS sandbox. README: experimental_runCodeMode.
import { experimental_runCodeMode as runCodeMode } from "@ai-sdk/code-mode";
import { jsonSchema, tool } from "ai";
import { echo, sleep } from "./host-tools.mjs";

export const label = "@ai-sdk/code-mode";

export async function createPeer() {
  const schema = jsonSchema({ type: "object", properties: { i: { type: "integer" }, ms: { type: "integer" } }, required: ["i"] });
  const tools = {
    bench_echo: tool({ description: "Echo.", inputSchema: schema, execute: echo }),
    bench_sleep: tool({ description: "Sleep.", inputSchema: schema, execute: sleep }),
  };
  // Raised from the default 32 so workload C (100 calls in flight) is possible, as for @codemode/core.
  const options = { executionPolicy: { maxInFlightBridgeRequests: 100 } };
  return {
    settings: "executionPolicy.maxInFlightBridgeRequests 100",
    prelude: `const echo = async (i) => (await tools.bench_echo({ i })).i;
const sleep = async (i, ms) => (await tools.bench_sleep({ i, ms })).i;`,
    run: (code) => runCodeMode({ js: code, tools, options }),
    close: async () => {},
  };
}
