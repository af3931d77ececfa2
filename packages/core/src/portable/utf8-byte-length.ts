type NodeBuffer = { byteLength(text: string, encoding: "utf8"): number };

const buffer = (globalThis as { Buffer?: NodeBuffer }).Buffer;

/** The size of text in UTF-8 bytes, without encoding it (a lone surrogate counts 3, as TextEncoder writes U+FFFD). */
export function utf8ByteLength(text: string): number {
  if (buffer) return buffer.byteLength(text, "utf8");
  let bytes = text.length;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (code < 0x80) continue;
    if (code < 0x800) bytes += 1;
    else if (code >= 0xd800 && code <= 0xdbff && index + 1 < text.length && (text.charCodeAt(index + 1) & 0xfc00) === 0xdc00) {
      // A surrogate pair: two UTF-16 units, four bytes.
      bytes += 2;
      index++;
    } else bytes += 2;
  }
  return bytes;
}
