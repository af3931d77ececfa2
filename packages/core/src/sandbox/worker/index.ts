export { createGuestEngine, type GuestEngine, type GuestEngineOptions } from "./create-guest-engine.js";
export type { GuestChannel } from "./guest-channel.js";
export { createGuestRealm, runGuest, type GuestRealm } from "./run-guest.js";
