// The gateway under load, in a process of its own so that its memory (main thread and worker threads) is measured
// alone: started by start-gateway-child.ts with an IPC channel, `--expose-gc` and tsx.
import { fileURLToPath } from "node:url";
import { createGateway, parseGatewayConfig } from "@codemode/mcp";
import { sampleProcess } from "../leaks/sample-process.js";

const SHOP_SERVER = fileURLToPath(new URL("./shop-server.ts", import.meta.url));
const BENCH_DIR = fileURLToPath(new URL("../..", import.meta.url));
const delayMs = process.env.SHOP_DELAY_MS ?? "0";

const upstream = (name: string) => ({
  command: process.execPath,
  args: ["--import", "tsx", SHOP_SERVER],
  env: { SHOP_SERVER: name, SHOP_DELAY_MS: delayMs },
});
const config = parseGatewayConfig({
  mcpServers: { orders: upstream("orders"), pricing: upstream("pricing") },
  // Generous: with a hundred clients, a run's upstream calls wait behind everyone else's on two shared cores.
  limits: { timeoutMs: 120_000 },
});
const gateway = createGateway(config, { baseDir: BENCH_DIR, log: (message) => process.stderr.write(`[gateway] ${message}\n`) });
await gateway.start();
const down = gateway.upstreams().filter((entry) => entry.status !== "connected");
if (down.length > 0) throw new Error(`Upstreams down at start: ${down.map((entry) => `${entry.id} (${entry.error})`).join(", ")}`);
// The leak benchmark closes client sessions left idle sooner than the 10-minute default, to fit its few minutes.
const idleSessionMs = process.env.GATEWAY_IDLE_SESSION_MS ? Number(process.env.GATEWAY_IDLE_SESSION_MS) : undefined;
const listener = await gateway.listen({ port: 0, ...(idleSessionMs ? { idleSessionMs } : {}) });
let runs = 0;

process.on("message", (message: { type: string; runs?: number }) => {
  if (message.type === "sample") {
    runs = message.runs ?? runs;
    process.send?.({ type: "sample", sample: sampleProcess(runs) });
  } else if (message.type === "close") {
    void gateway.close().finally(() => process.exit(0));
  }
});
process.send?.({ type: "ready", url: listener.url });
