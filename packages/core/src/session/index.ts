export { createMemorySessionStore } from "./create-memory-session-store.js";
export { createSessions, type SessionInfo } from "./create-sessions.js";
export { DEFAULT_SESSION_OPTIONS, readSessionTarget, type SessionOptions, type SessionTarget } from "./session-options.js";
export type { SessionLease, SessionStore, StoredSession, StoredSessionInfo } from "./session-store.js";
