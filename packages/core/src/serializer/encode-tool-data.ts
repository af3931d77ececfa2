import { toBase64 } from "../portable/index.js";

/** The key that marks encoded bytes in a reply; the guest's decoder turns such objects back into a Uint8Array. */
export const BYTES_KEY = "\u0000codemode.bytes";

/** A tool's data as JSON text for the guest, and whether it holds encoded bytes. */
export interface EncodedToolData {
  json: string;
  bytes: boolean;
}

/**
 * Encodes a tool's data for the script: Uint8Array (and Buffer, ArrayBuffer) travel as base64 and arrive as
 * Uint8Array, Date becomes its ISO string, BigInt a string, Map an object and Set an array. A value JSON cannot hold
 * (a cycle) throws.
 */
export function encodeToolData(data: unknown): EncodedToolData {
  let bytes = false;
  const json = JSON.stringify(data === undefined ? null : data, function (this: Record<string, unknown>, key, value) {
    // `this[key]` is the value before toJSON ran: Buffer's toJSON would otherwise hide that it holds bytes.
    const raw = this[key];
    if (raw instanceof Uint8Array || raw instanceof ArrayBuffer) {
      bytes = true;
      return { [BYTES_KEY]: toBase64(raw instanceof ArrayBuffer ? new Uint8Array(raw) : raw) };
    }
    if (typeof value === "bigint") return value.toString();
    if (value instanceof Map) return Object.fromEntries(value);
    if (value instanceof Set) return [...value];
    return value;
  });
  return { json: json ?? "null", bytes };
}
