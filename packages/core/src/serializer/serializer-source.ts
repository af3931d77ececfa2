import serializerFile from "./guest/serializer.js?raw";
import { toGuestSource } from "./guest-source.js";

/**
 * Guest-side JS text (guest/serializer.js): an expression evaluating to `(value) => string`, the returned value's JSON
 * text. Map becomes an object (keys stringified), Set an array, Date an ISO string (invalid: null), BigInt a string,
 * typed arrays, DataView and ArrayBuffer a base64 string, Error `{ name, message }`, functions `"[Function: name]"`,
 * symbols `"Symbol(desc)"`, a reference back to an enclosing object `"[Circular]"`, undefined at the top level null;
 * `toJSON` is honoured unless inherited from a built-in prototype. Getters and `toJSON` run, and their errors
 * propagate. Evaluate it before the user's script (about 1 ms on this machine): it is only as trustworthy as the
 * built-ins it finds then. Keep the function out of the script's reach; it is not reentrant.
 */
// Every comment in the guest code has a line of its own and is dropped: QuickJS parses the shorter text about 40% faster.
export const SERIALIZER_SOURCE: string = toGuestSource(serializerFile);
