import plainJsonFile from "./guest/plain-json.js?raw";
import { toGuestSource } from "./guest-source.js";

/**
 * Values (each key's value counts) a value may hold and still be checked when it could be written natively: the
 * `budget` of guest/plain-json.js.
 */
export const CHECKED_VALUES = 128;

// The names of what could make values the native way writes otherwise than the serialiser: symbol values (`Symbol`,
// `Reflect.ownKeys`), a `toJSON` of the script's own (JSON does not check what it returns) and proxies.
const EXOTIC_NAMES = /Symbol|Reflect|Proxy|toJSON/;

/**
 * Whether a script's returned value may be written the native way: its source names none of `Symbol`, `Reflect`,
 * `Proxy` or `toJSON`. A script that builds one of those names at run time gets JSON's own behaviour for its own value
 * (a symbol dropped as JSON drops it); the text is JSON either way, and the host parses and checks it as any other.
 */
export function mayWriteNatively(source: string): boolean {
  return !EXOTIC_NAMES.test(source);
}

// The replacer runs once per value, so its body is the cost: a switch on `typeof` with the common primitives first
// measured ~15% faster than the chain of comparisons it replaced (a walk in guest JS before a plain stringify was
// slower still: the interpreter's loop costs more than the call from C per value). It keeps no depth: tracking the
// chain of holders, as the serialiser's own fast path does, cost 13% more on 10,000 small objects. A value nested
// thousands of levels deep is slow in QuickJS's JSON.stringify (its cycle check scans the objects it is inside); the
// checked way is guest code that the interrupt handler stops at the deadline, the native way is a built-in call that
// only the hard stop ends, as it is when a script calls JSON.stringify itself. QuickJS's own stack check ends a deep
// one with a RangeError in the worker's large stack, and the host refuses a result nested that deep anyway.
/**
 * Guest JavaScript (guest/plain-json.js) for the fast paths of serialising a value, an expression evaluating to
 * `(value, native: boolean) => string | undefined`. Both give up (undefined) wherever their text could differ from the full
 * serialiser's, which then writes the value; where they do not give up, their output is the serialiser's.
 *
 * - Checked (`native` false): native `JSON.stringify` with a replacer that gives up at anything JSON would change: a
 *   function, symbol or BigInt, an object that is not a plain object or array (Map, Set, typed arrays, Error, class
 *   instances), a cycle, or a `toJSON` that `Object.prototype` or `Array.prototype` lends every value.
 * - Native (`native` true, for scripts that {@link mayWriteNatively}): values of up to {@link CHECKED_VALUES} go the
 *   checked way (cheaper for them); larger ones through `JSON.stringify` alone, with a `toJSON` that gives up set for
 *   the call on every built-in prototype whose instances JSON writes otherwise than the serialiser (Map, Set, Error,
 *   typed arrays and buffers, functions). What JSON writes the same way (Dates, class instances, boxed primitives,
 *   RegExps) goes through natively. About 1.4x faster on 10,000 small objects than the checked way, whose replacer call
 *   per value is its cost.
 */
export const GUEST_JSON_SOURCE: string = toGuestSource(plainJsonFile);
