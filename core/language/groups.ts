/** The word lists of a lexicon group by field name, without its `why` and `overlaps`. */
export const listsOf = (group: object): Record<string, string[]> =>
  Object.fromEntries(
    Object.entries(group).filter((entry): entry is [string, string[]] => Array.isArray(entry[1])),
  );
