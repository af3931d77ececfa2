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
