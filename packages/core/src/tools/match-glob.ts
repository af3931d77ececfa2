/** A `*` glob split at its stars: `*.read_*` is `["", ".read_", ""]`. */
export type Glob = readonly string[];

/** Counts the characters a match looks at, so that a test can check the work grows linearly. */
export interface GlobWork {
  steps: number;
}

/** Splits a glob at its stars; `*` matches any run of characters, dots included, and nothing else is special. */
export function parseGlob(pattern: string): Glob {
  return pattern.split("*");
}

/**
 * Whether `text` matches the glob, in time linear in the text and the glob: the first part must start the text and
 * the last end it, and each part between is found at its leftmost place after the one before (the leftmost place is
 * always the best one when only `*` is special), by Knuth-Morris-Pratt search, which never looks back.
 */
export function matchGlob(glob: Glob, text: string, work: GlobWork = { steps: 0 }): boolean {
  const first = glob[0]!;
  if (glob.length === 1) {
    work.steps += Math.min(first.length, text.length);
    return first === text;
  }
  const last = glob[glob.length - 1]!;
  if (first.length + last.length > text.length) return false;
  work.steps += first.length + last.length;
  if (!text.startsWith(first) || !text.endsWith(last)) return false;
  let from = first.length;
  const end = text.length - last.length;
  for (let index = 1; index < glob.length - 1; index++) {
    const part = glob[index]!;
    if (part === "") continue;
    const found = search(part, text, from, end, work);
    if (found < 0) return false;
    from = found + part.length;
  }
  return true;
}

/** The first index at or after `from` where `part` lies wholly before `end`, or -1 (Knuth-Morris-Pratt). */
function search(part: string, text: string, from: number, end: number, work: GlobWork): number {
  const fallback = new Int32Array(part.length);
  for (let index = 1, length = 0; index < part.length; ) {
    work.steps++;
    if (part[index] === part[length]) fallback[index++] = ++length;
    else if (length > 0) length = fallback[length - 1]!;
    else fallback[index++] = 0;
  }
  for (let at = from, matched = 0; at < end; ) {
    work.steps++;
    if (text[at] === part[matched]) {
      at++;
      if (++matched === part.length) return at - matched;
    } else if (matched > 0) {
      matched = fallback[matched - 1]!;
    } else {
      at++;
    }
  }
  return -1;
}
