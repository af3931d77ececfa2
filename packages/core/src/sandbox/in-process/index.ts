export { createInProcessPool } from "./create-in-process-pool.js";
export { createInProcessChannel, type InProcessChannel } from "./in-process-channel.js";
