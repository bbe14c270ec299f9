/** Patterns built from lexicon words: readers keep the shape of a pattern, the lexicon keeps its words. */

const SPECIAL = /[.*+?^${}()|[\]\\/]/g;

/** Words as regex alternatives, special characters escaped, in the lexicon's order: "shop now|shop|buy". */
export const alternation = (words: readonly string[]): string =>
  words.map((word) => word.replace(SPECIAL, '\\$&')).join('|');

/** A pattern matching any of the words as whole words, captured: /\b(shop now|shop|buy)\b/. */
export const wordsPattern = (words: readonly string[], flags = ''): RegExp =>
  new RegExp(`\\b(${alternation(words)})\\b`, flags);

/** The word lists of a lexicon group by field name, without its `why` and `overlaps`. */
export const listsOf = (group: object): Record<string, string[]> =>
  Object.fromEntries(
    Object.entries(group).filter((entry): entry is [string, string[]] => Array.isArray(entry[1])),
  );
