/** Levels of arrays and objects a value leaving the sandbox may nest: deeper breaks the JSON writers of hosts and clients. */
export const MAX_JSON_DEPTH = 500;

/**
 * Whether JSON text (a string, or its UTF-8 bytes) nests arrays and objects deeper than `maxDepth` levels. A returned
 * value that deep is small as text but breaks the recursive JSON writers and parsers of the host and of clients (V8's
 * JSON.stringify on a main thread gives up near 5,000 levels, Python's json near 1,000). Text of at most 2 * maxDepth
 * characters cannot nest that deep, so most results are not scanned at all.
 */
export function nestsDeeperThan(json: string | Uint8Array, maxDepth: number): boolean {
  if (json.length <= 2 * maxDepth) return false;
  return typeof json === "string" ? textNestsDeeper(json, maxDepth) : bytesNestDeeper(json, maxDepth);
}

// One scan written twice, each reading one type only: a shared reader closure made V8's loop polymorphic, and the scan
// of a 430 KB result took ~2.4 ms instead of ~0.4 ms. The delimiters are ASCII, and no byte of a multi-byte UTF-8
// character is, so bytes scan like UTF-16 units.

function textNestsDeeper(json: string, maxDepth: number): boolean {
  let depth = 0;
  for (let index = 0; index < json.length; index++) {
    const code = json.charCodeAt(index);
    if (code === 0x22) {
      // A string: skip to its closing quote, past escaped characters.
      for (index++; index < json.length; index++) {
        const inner = json.charCodeAt(index);
        if (inner === 0x5c) index++;
        else if (inner === 0x22) break;
      }
    } else if (code === 0x5b || code === 0x7b) {
      if (++depth > maxDepth) return true;
    } else if (code === 0x5d || code === 0x7d) {
      depth--;
    }
  }
  return false;
}

function bytesNestDeeper(json: Uint8Array, maxDepth: number): boolean {
  let depth = 0;
  for (let index = 0; index < json.length; index++) {
    const code = json[index];
    if (code === 0x22) {
      for (index++; index < json.length; index++) {
        const inner = json[index];
        if (inner === 0x5c) index++;
        else if (inner === 0x22) break;
      }
    } else if (code === 0x5b || code === 0x7b) {
      if (++depth > maxDepth) return true;
    } else if (code === 0x5d || code === 0x7d) {
      depth--;
    }
  }
  return false;
}
