// Vercel's `run`: QuickJS in worker threads, host functions as guest globals. README: createRunner + runner.run.
import { createRunner } from "run";
import { echo, sleep } from "./host-tools.mjs";

export const label = "run";

export async function createPeer() {
  // Raised from the default 32 so workload C (100 calls in flight) is possible, as for @codemode/core.
  const runner = createRunner({ limits: { maxInFlightBridgeRequests: 100 } });
  const hostFunctions = { bench: { echo, sleep } };
  return {
    settings: "limits.maxInFlightBridgeRequests 100",
    prelude: `const echo = async (i) => (await bench.echo({ i })).i;
const sleep = async (i, ms) => (await bench.sleep({ i, ms })).i;`,
    async run(code) {
      const result = await runner.run({ source: code, hostFunctions });
      if (result.status !== "completed") throw new Error(`run ended ${result.status}`);
      return result.value;
    },
    close: async () => {},
  };
}
