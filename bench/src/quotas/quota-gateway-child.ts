// The quota benchmark's gateway, in a process of its own (started by run-quotas-bench.ts with an IPC channel and
// tsx): the two shop upstreams, one bearer token per principal, and the quotas given in GATEWAY_QUOTAS (JSON).
import { fileURLToPath } from "node:url";
import { createGateway, parseGatewayConfig } from "@codemode/mcp";

const SHOP_SERVER = fileURLToPath(new URL("../load/shop-server.ts", import.meta.url));
const BENCH_DIR = fileURLToPath(new URL("../..", import.meta.url));
const delayMs = process.env.SHOP_DELAY_MS ?? "0";
const principals = JSON.parse(process.env.GATEWAY_PRINCIPALS ?? "{}") as Record<string, string>;
const quotas = JSON.parse(process.env.GATEWAY_QUOTAS ?? "null") as Record<string, unknown> | null;

const upstream = (name: string) => ({ command: process.execPath, args: ["--import", "tsx", SHOP_SERVER], env: { SHOP_SERVER: name, SHOP_DELAY_MS: delayMs } });
const config = parseGatewayConfig({
  mcpServers: { orders: upstream("orders"), pricing: upstream("pricing") },
  auth: { bearer: Object.entries(principals).map(([name, token]) => ({ name, token })) },
  limits: { timeoutMs: 120_000 },
  poolSize: 2,
  ...(quotas ? { quotas } : {}),
});
const gateway = createGateway(config, { baseDir: BENCH_DIR, log: (message) => process.stderr.write(`[gateway] ${message}\n`) });
await gateway.start();
const listener = await gateway.listen({ port: 0 });
process.on("message", (message: { type: string }) => {
  if (message.type === "close") void gateway.close().finally(() => process.exit(0));
});
process.send?.({ type: "ready", url: listener.url });
