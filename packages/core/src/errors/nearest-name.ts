// The longest tool name (the tools' MAX_TOOL_NAME_LENGTH): a longer name matches nothing, so a hostile one costs no work.
const LONGEST_NAME = 128;

/**
 * The candidate nearest to `name`, for a "did you mean" (a tool, a limit, a config key), or undefined when none is near
 * enough to be what was meant: within an edit distance of a third of the name's length (at least 2), compared without
 * case, `_` and `-` first. Bounded work: a name longer than a tool name can be matches nothing, and each comparison
 * stops once it is past the bound.
 *
 * @example
 * nearestName("billing.list_invoice", ["billing.list_invoices", "crm.get_customer"]); // "billing.list_invoices"
 * nearestName("timeoutMS", ["timeoutMs", "memoryBytes"]); // "timeoutMs"
 */
export function nearestName(name: string, candidates: Iterable<string>): string | undefined {
  if (name.length === 0 || name.length > LONGEST_NAME) return undefined;
  const folded = fold(name);
  const bound = Math.max(2, Math.floor(name.length / 3));
  let best: string | undefined;
  let bestDistance = bound + 1;
  for (const candidate of candidates) {
    if (candidate === name) continue;
    // Spelt the same but for case, `_` or `-`: nearer than any edit.
    if (fold(candidate) === folded) return candidate;
    if (Math.abs(candidate.length - name.length) >= bestDistance) continue;
    const distance = editDistance(name, candidate, bestDistance - 1);
    if (distance < bestDistance) {
      best = candidate;
      bestDistance = distance;
    }
  }
  return best;
}

function fold(name: string): string {
  return name.toLowerCase().replace(/[_-]/g, "");
}

/** Levenshtein distance of two strings, or `limit + 1` as soon as it must exceed `limit`. */
function editDistance(left: string, right: string, limit: number): number {
  let previous = Array.from({ length: right.length + 1 }, (_, index) => index);
  for (let row = 1; row <= left.length; row++) {
    const current = [row];
    let smallest = row;
    for (let column = 1; column <= right.length; column++) {
      const cost = left[row - 1] === right[column - 1] ? 0 : 1;
      const value = Math.min(previous[column]! + 1, current[column - 1]! + 1, previous[column - 1]! + cost);
      current.push(value);
      if (value < smallest) smallest = value;
    }
    if (smallest > limit) return limit + 1;
    previous = current;
  }
  return previous[right.length]!;
}
