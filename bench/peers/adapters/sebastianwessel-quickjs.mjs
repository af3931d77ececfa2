// @sebastianwessel/quickjs: QuickJS (quickjs-ng, the same build as ours) in this thread, code as an ES module whose
// default export is the result; host functions reach the guest through `env`. README: loadQuickJs + runSandboxed.
import variant from "@jitl/quickjs-ng-wasmfile-release-sync";
import { loadQuickJs } from "@sebastianwessel/quickjs";
import { echo, sleep } from "./host-tools.mjs";

export const label = "@sebastianwessel/quickjs";

export async function createPeer() {
  const { runSandboxed } = await loadQuickJs(variant);
  const options = { env: { echo, sleep }, executionTimeout: 30_000 };
  return {
    settings: "defaults (executionTimeout 30 s)",
    prelude: `const echo = async (i) => (await env.echo({ i })).i;
const sleep = async (i, ms) => (await env.sleep({ i, ms })).i;`,
    async run(code) {
      const module = `const main = async () => {\n${code}\n};\nexport default await main();`;
      const result = await runSandboxed(({ evalCode }) => evalCode(module), options);
      if (!result.ok) throw new Error(`${result.error?.name}: ${result.error?.message}`);
      return result.data;
    },
    close: async () => {},
  };
}
