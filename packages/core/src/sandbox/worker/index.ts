export { createGuestEngine } from "./create-guest-engine.js";
export { runGuest } from "./run-guest.js";
