// Bytes as base64 on every runtime: Buffer where the runtime has one (Node.js, Bun), the native Uint8Array methods
// where they exist, else btoa/atob (browsers, Cloudflare Workers, Deno).

type NodeBuffer = { from(data: unknown, encodingOrOffset?: string | number, length?: number): Uint8Array & { toString(encoding: string): string } };
type Base64Native = { toBase64?(): string };
type Base64Static = { fromBase64?(text: string, options?: { alphabet?: string }): Uint8Array };

const buffer = (globalThis as { Buffer?: NodeBuffer }).Buffer;
/** btoa takes a string of Latin-1 characters; this many at a time keep String.fromCharCode's arguments few. */
const CHUNK = 0x8000;

/** The bytes as base64 text. */
export function toBase64(bytes: Uint8Array): string {
  if (buffer) return buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString("base64");
  const native = (bytes as Base64Native).toBase64;
  if (native) return native.call(bytes);
  let binary = "";
  for (let start = 0; start < bytes.length; start += CHUNK) {
    binary += String.fromCharCode(...bytes.subarray(start, start + CHUNK));
  }
  return btoa(binary);
}

/** The bytes of base64 text (the standard alphabet, or base64url with `url`). */
export function fromBase64(text: string, url = false): Uint8Array {
  if (buffer) return new Uint8Array(buffer.from(text, url ? "base64url" : "base64"));
  const native = (Uint8Array as Base64Static).fromBase64;
  if (native) return native(text, url ? { alphabet: "base64url" } : {});
  const standard = url ? text.replace(/-/g, "+").replace(/_/g, "/") : text;
  const binary = atob(standard.padEnd(Math.ceil(standard.length / 4) * 4, "="));
  const bytes = new Uint8Array(binary.length);
  for (let index = 0; index < binary.length; index++) bytes[index] = binary.charCodeAt(index);
  return bytes;
}

/** The bytes as base64url text without padding. */
export function toBase64Url(bytes: Uint8Array): string {
  return toBase64(bytes).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}
