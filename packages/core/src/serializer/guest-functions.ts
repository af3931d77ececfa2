// What the serialiser's guest files evaluate to, as their first lines declare it for the type checker.

/**
 * guest/serializer.js (SERIALIZER_SOURCE): the JSON text of any guest value.
 * @public (read by the guest files' JSDoc types, which knip does not follow)
 */
export type Serialize = (value: unknown) => string;

/**
 * guest/plain-json.js (GUEST_JSON_SOURCE): the value's JSON text, or undefined where the full serialiser must write it.
 * @public (read by the guest files' JSDoc types, which knip does not follow)
 */
export type PlainJson = (value: unknown, writeNatively: boolean) => string | undefined;

/**
 * guest/session-state.js (SESSION_STATE_SOURCE): a session's state, evaluated in a fresh realm before the state is
 * restored. `snapshot` gives the state's JSON text, a line break and the JSON of `[notKept, functions, globals]`;
 * `restore` the JSON of the names it could not restore, `restored` of the sources of the functions it restored.
 * @public (read by the guest files' JSDoc types, which knip does not follow)
 */
export type SessionStatePiece = (sandboxNames: readonly string[]) => {
  snapshot(maxBytes: number): string;
  restore(state: string): string;
  restored(): string;
};
