export { createInProcessPool, type InProcessPoolOptions } from "./create-in-process-pool.js";
