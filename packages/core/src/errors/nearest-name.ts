/**
 * The candidate a mistyped name most likely meant, for a "did you mean" in an error message: the same name in
 * another case, or the closest by edits (a letter added, dropped, changed or two swapped) within a third of its
 * length; undefined when none is that close.
 *
 * @example
 * nearestName("timeoutMS", ["timeoutMs", "memoryBytes"]); // "timeoutMs"
 */
export function nearestName(name: string, candidates: Iterable<string>): string | undefined {
  const wanted = name.toLowerCase();
  let best: string | undefined;
  let bestDistance = Math.max(1, Math.floor(name.length / 3)) + 1;
  for (const candidate of candidates) {
    // Case alone costs less than any edit.
    const distance = candidate.toLowerCase() === wanted ? 0.5 : editDistance(wanted, candidate.toLowerCase(), bestDistance);
    if (distance < bestDistance) {
      best = candidate;
      bestDistance = distance;
    }
  }
  return best;
}

/** Optimal string alignment distance, giving up (returning `ceiling`) once every path costs that much. */
function editDistance(a: string, b: string, ceiling: number): number {
  if (Math.abs(a.length - b.length) >= ceiling) return ceiling;
  let twoBack: number[] = [];
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    let rowBest = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) value = Math.min(value, twoBack[j - 2]! + 1);
      current.push(value);
      rowBest = Math.min(rowBest, value);
    }
    if (rowBest >= ceiling) return ceiling;
    twoBack = previous;
    previous = current;
  }
  return Math.min(previous[b.length]!, ceiling);
}
