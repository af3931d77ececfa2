export { createSessionStore, type SessionStore } from "./create-session-store.js";
export { DEFAULT_SESSION_OPTIONS, readSessionTarget, type SessionOptions, type SessionTarget } from "./session-options.js";
