export { createGuestEngine, preloadEngineCode, type GuestEngine } from "./create-guest-engine.js";
export { createEngineRealms, type EngineRealms } from "./engine-realms.js";
export type { GuestChannel, WaitResult } from "./guest-channel.js";
export { runGuest, runGuestAsync } from "./run-guest.js";
export { serveBlocking } from "./serve-blocking.js";
