export { createSessionStore } from "./create-session-store.js";
export { DEFAULT_SESSION_OPTIONS, readSessionTarget, type SessionOptions } from "./session-options.js";
