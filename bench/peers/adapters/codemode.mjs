// @codemode/core (this repository, its built dist) as a peer row, so every row of the side-by-side table is
// measured the same way on the same Node.
import { createCodeMode, defineTool } from "@codemode/core";
import { echo, sleep } from "./host-tools.mjs";

export const label = "@codemode/core";

export async function createPeer() {
  const schema = { type: "object", properties: { i: { type: "integer" }, ms: { type: "integer" } }, required: ["i"] };
  const codeMode = createCodeMode({
    tools: [
      defineTool({ name: "bench.echo", description: "Echo.", inputSchema: schema, execute: echo }),
      defineTool({ name: "bench.sleep", description: "Sleep.", inputSchema: schema, execute: sleep }),
    ],
    limits: { maxConcurrentCalls: 100 },
  });
  return {
    settings: "limits.maxConcurrentCalls 100",
    prelude: `const echo = async (i) => { const r = await tools.bench.echo({ i }); if (!r.ok) throw new Error(r.error.message); return r.data.i; };
const sleep = async (i, ms) => { const r = await tools.bench.sleep({ i, ms }); if (!r.ok) throw new Error(r.error.message); return r.data.i; };`,
    async run(code) {
      const result = await codeMode.execute(code);
      if (result.status !== "completed") throw new Error(`${result.error.kind}: ${result.error.message}`);
      return result.result;
    },
    close: () => codeMode.close(),
  };
}
