export { createGuestEngine, type GuestEngine, type GuestEngineOptions } from "./create-guest-engine.js";
export type { GuestChannel } from "./guest-channel.js";
export { createGuestRealm, type GuestRealm } from "./guest-realm.js";
export { runGuest, type RunGuestOptions } from "./run-guest.js";
