// Serves the Worker with workerd until Ctrl-C, and prints how to call it.
import { startWorker } from "./start-worker.js";

const worker = await startWorker();
console.log(`serving on ${worker.url}; try:
curl -s ${worker.url}/execute -d '{"code":"const r = await tools.shop.list_orders({ customer: \\"ada\\" }); return r.data.length;"}'`);
process.once("SIGINT", () => void worker.stop().then(() => process.exit(0)));
