export { createInProcessPool, type InProcessPoolOptions } from "./create-in-process-pool.js";
export { createInProcessChannel, type InProcessChannel } from "./in-process-channel.js";
