/** How far a misspelt name may be from a known one and still be offered: a third of its length, at least 2. */
const maxDistance = (name: string) => Math.max(2, Math.floor(name.length / 3));

/** Case and separators do not count: `aspect_ratio`, `AspectRatio` and `aspect-ratio` are one name. */
const folded = (name: string) => name.toLowerCase().replace(/[_\-\s.]/g, '');

/** Levenshtein distance (insert, delete, substitute), one row at a time. */
export function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++)
      current[j] = Math.min(
        previous[j] + 1,
        current[j - 1] + 1,
        previous[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1),
      );
    previous = current;
  }
  return previous[b.length];
}

/**
 * The known name a caller most likely meant by `name`, or undefined when none is close:
 * 1. a name equal once case and separators are folded (`aspect_ratio` -> `aspectRatio`);
 * 2. else the nearest by edit distance over the folded names, within a third of the name's length
 *    (ties: the first known name).
 */
export function closestName(name: string, known: readonly string[]): string | undefined {
  const target = folded(name);
  const same = known.find((k) => folded(k) === target);
  if (same !== undefined) return same;
  let best: { name: string; distance: number } | undefined;
  for (const candidate of known) {
    const distance = editDistance(target, folded(candidate));
    if (distance <= maxDistance(target) && (!best || distance < best.distance))
      best = { name: candidate, distance };
  }
  return best?.name;
}
