// @utcp/code-mode: isolated-vm; tools come from a UTCP manual (here direct-call functions) and are called
// synchronously from the guest, so concurrent calls run one after another. README: CodeModeUtcpClient.
import { CodeModeUtcpClient } from "@utcp/code-mode";
import { addFunctionToUtcpDirectCall } from "@utcp/direct-call";
import { echo, sleep } from "./host-tools.mjs";

export const label = "@utcp/code-mode";

export async function createPeer() {
  const inputs = { type: "object", properties: { i: { type: "integer" }, ms: { type: "integer" } }, required: ["i"] };
  const template = (callable) => ({ call_template_type: "direct-call", callable_name: callable });
  addFunctionToUtcpDirectCall("benchManual", async () => ({
    utcp_version: "0.2.0",
    tools: [
      { name: "echo", description: "Echo.", inputs, tool_call_template: template("benchEcho") },
      { name: "sleep", description: "Sleep.", inputs, tool_call_template: template("benchSleep") },
    ],
  }));
  // direct-call spreads the argument object's values as positional arguments.
  addFunctionToUtcpDirectCall("benchEcho", (i) => echo({ i }));
  addFunctionToUtcpDirectCall("benchSleep", (i, ms) => sleep({ i, ms }));
  const client = await CodeModeUtcpClient.create();
  await client.registerManual({ name: "bench", call_template_type: "direct-call", callable_name: "benchManual" });
  return {
    settings: "defaults (timeout 30 s, 128 MB)",
    prelude: `const echo = async (i) => bench.echo({ i }).i;
const sleep = async (i, ms) => bench.sleep({ i, ms }).i;`,
    async run(code) {
      // The README shows an options object; the installed 1.2.12 takes (code, timeout, memoryLimit).
      const { result, logs } = await client.callToolChain(code, 30_000, 128);
      const failure = logs.find((line) => line.startsWith("[ERROR]"));
      if (failure) throw new Error(failure);
      return result;
    },
    close: async () => client.close?.(),
  };
}
