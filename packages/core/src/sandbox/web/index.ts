export { createWebWorkerStarter } from "./start-web-worker.js";
