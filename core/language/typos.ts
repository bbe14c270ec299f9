/**
 * Typo tolerance for the words that decide what a brief asks for ("carousal", "instagarm", "vidoe",
 * "scritp"). A word is corrected only when wink's English lexicon does not know it, and only to a
 * word of the vocabulary (the catalog's own words and the brief reader's cue words) within a small
 * edit distance; unknown names ("NoiseZero", "Lyon") are far from every vocabulary word and stay.
 */

/** Shortest word that is corrected: below it, one edit turns too many words into others. */
const MIN_LENGTH = 4;

/** Edits allowed: one for short words, two from eight letters ("audiogramm", "instagarm"). */
export function maxEdits(length: number): number {
  return length >= 8 ? 2 : 1;
}

/**
 * Optimal string alignment distance: insertions, deletions, substitutions and swaps of two
 * neighbouring letters each cost one ("abuot" -> "about" is one edit). Stops early above `limit`.
 */
export function editDistance(a: string, b: string, limit = Infinity): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  const rows: number[][] = [];
  for (let i = 0; i <= a.length; i++) {
    rows.push([i]);
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      if (i === 0) {
        rows[0][j] = j;
        continue;
      }
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(rows[i - 1][j] + 1, rows[i][j - 1] + 1, rows[i - 1][j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        d = Math.min(d, rows[i - 2][j - 2] + 1);
      rows[i][j] = d;
      best = Math.min(best, d);
    }
    if (i > 0 && best > limit) return limit + 1;
  }
  return rows[a.length][b.length];
}

/**
 * The vocabulary word a misspelt word stands for, or null.
 * 1. Words shorter than MIN_LENGTH, with digits, or already in the vocabulary are left alone.
 * 2. The nearest vocabulary words within maxEdits; a tie is broken by the same first letter, then
 *    by the closer length, except that a letter swapped for one far from it on the keyboard is less
 *    likely than a letter left out ("explainr" is "explainer", not "explains"); a remaining tie
 *    means the word is ambiguous and stays as written.
 */
export function correctWord(word: string, vocabulary: ReadonlySet<string>): string | null {
  const w = word.toLowerCase();
  if (w.length < MIN_LENGTH || /[^a-z]/.test(w) || vocabulary.has(w)) return null;
  const limit = maxEdits(w.length);
  let best: { word: string; distance: number; rank: number }[] = [];
  for (const candidate of vocabulary) {
    if (candidate.length < MIN_LENGTH || Math.abs(candidate.length - w.length) > limit) continue;
    const distance = editDistance(w, candidate, limit);
    if (distance > limit) continue;
    const rank =
      distance * 4 +
      (candidate[0] === w[0] ? 0 : 2) +
      (candidate.length !== w.length ? 1 : farSubstitution(w, candidate) ? 2 : 0);
    if (best.length === 0 || rank < best[0].rank) best = [{ word: candidate, distance, rank }];
    else if (rank === best[0].rank) best.push({ word: candidate, distance, rank });
  }
  return best.length === 1 ? best[0].word : null;
}

/** The letter rows of a QWERTY keyboard (a layout, not words). */
const KEY_ROWS = ['qwertyuiop', 'asdfghjkl', 'zxcvbnm'] as const;
const keyAt = new Map(
  KEY_ROWS.flatMap((row, r) => [...row].map((c, i): [string, [number, number]] => [c, [r, i]])),
);

/** Two letters next to each other on a QWERTY keyboard (the slip of a finger). */
function neighbours(a: string, b: string): boolean {
  const p = keyAt.get(a);
  const q = keyAt.get(b);
  return !!p && !!q && Math.abs(p[0] - q[0]) <= 1 && Math.abs(p[1] - q[1]) <= 1;
}

/** Same-length words that differ in a letter that is not a neighbouring key of the one written. */
function farSubstitution(word: string, candidate: string): boolean {
  const differ = [...word].map((c, i) => [c, candidate[i]]).filter(([a, b]) => a !== b);
  // Only one substituted letter is judged (a swap of neighbours differs in two).
  if (differ.length !== 1) return false;
  return !neighbours(differ[0][0], differ[0][1]);
}
