/** A text as a regex source that matches it literally. */
export const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * A lexicon list of phrases as a regex alternation, in the list's order (the first that matches at a place
 * wins, as in the pattern the list came from). A phrase is matched as written, a space as one space; a word
 * ending in `*` takes any ending ("blur*" is blur, blurry, blurred). No group, no word boundaries: the reader
 * puts the alternation in its own pattern.
 */
export function phrases(list: readonly string[]): string {
  return list.map((phrase) => escapeRegExp(phrase).replace(/\\\*/g, '\\w*')).join('|');
}

/** A lexicon list as a pattern of whole words or phrases: `\b(?:a|b c)\b`. */
export function phrasePattern(list: readonly string[], flags = 'i'): RegExp {
  return new RegExp(`\\b(?:${phrases(list)})\\b`, flags);
}
