import stateFile from "./guest/session-state.js?raw";
import { toGuestSource } from "./guest-source.js";

/**
 * Guest-side JS text (guest/session-state.js): an expression evaluating to a SessionStatePiece, which writes a
 * session's top-level names as one JSON graph and restores them into a fresh realm. Unlike the result's serialiser it
 * loses nothing it writes: identity and cycles (every object is a node, referenced by index), Map, Set, Date, RegExp,
 * BigInt, NaN, -0, undefined, typed arrays over a shared ArrayBuffer, DataView, errors, boxed primitives, symbols,
 * property flags, accessors, frozen and sealed objects, prototypes (a class instance points at its class's
 * `prototype`; an instance of the sandbox's own class, a caught ToolCallError, its class's in the next realm), built-ins
 * by path (`Math.max`) and functions and classes by their source text, evaluated again at
 * the top level. What it cannot write (a Promise, a WeakMap, an iterator, a bound or built-in function that is not a
 * global's, the sandbox's own objects) leaves the name that reaches it out, named with why.
 */
export const SESSION_STATE_SOURCE: string = toGuestSource(stateFile);
