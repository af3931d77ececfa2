const PREVIEW_CHARACTERS = 64;
const UTF8 = new TextEncoder();

/** Cuts text to at most `maxBytes` UTF-8 bytes, marking the cut with its full size; text within the cap is unchanged. */
export function cutText(text: string, maxBytes: number): string {
  // Every UTF-16 unit is one to three UTF-8 bytes, so most texts are measured without encoding them.
  if (text.length * 3 <= maxBytes) return text;
  const size = utf8Length(text);
  if (size <= maxBytes) return text;
  const suffix = `… (${size} bytes)`;
  const room = Math.max(0, maxBytes - utf8Length(suffix));
  // encodeInto writes whole characters only, so the cut never splits a surrogate pair.
  const { read } = UTF8.encodeInto(text.slice(0, room), new Uint8Array(room));
  const end = read > 0 && isHighSurrogate(text.charCodeAt(read - 1)) ? read - 1 : read;
  return `${text.slice(0, end)}${suffix}`;
}

/**
 * A script-chosen string as a message may quote it: whole when short, else its first characters and its length, so
 * that an error never repeats megabytes the script sent.
 */
export function previewText(text: string, maxCharacters = PREVIEW_CHARACTERS): string {
  if (text.length <= maxCharacters) return text;
  const end = isHighSurrogate(text.charCodeAt(maxCharacters - 1)) ? maxCharacters - 1 : maxCharacters;
  return `${text.slice(0, end)}… (${text.length} characters)`;
}

function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff;
}

/**
 * The UTF-8 size of text (a lone surrogate counts as the three bytes of U+FFFD), counted up to `stop`: a larger size
 * reads as `stop`, so a cap is checked without walking text far past it. Plain JavaScript, for every runtime.
 */
export function utf8Length(text: string, stop = Number.POSITIVE_INFINITY): number {
  if (text.length >= stop) return stop;
  let bytes = 0;
  for (let index = 0; index < text.length && bytes < stop; index++) {
    const unit = text.charCodeAt(index);
    if (unit < 0x80) bytes += 1;
    else if (unit < 0x800) bytes += 2;
    else if (isHighSurrogate(unit) && index + 1 < text.length && (text.charCodeAt(index + 1) & 0xfc00) === 0xdc00) {
      bytes += 4;
      index++;
    } else bytes += 3;
  }
  return Math.min(bytes, stop);
}
