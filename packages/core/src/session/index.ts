export { createMemorySessionStore } from "./create-memory-session-store.js";
export { createSessions } from "./create-sessions.js";
export { DEFAULT_SESSION_OPTIONS, readSessionTarget, type SessionOptions } from "./session-options.js";
export type { SessionLease, SessionStore, StoredSession } from "./session-store.js";
