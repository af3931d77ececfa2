export { createGuestEngine } from "./create-guest-engine.js";
export { runGuest, runGuestAsync, type RunGuestResult } from "./run-guest.js";
