import { lexicon } from '../language/lexicon';
import { stem } from '../language/normalize';

/**
 * Groups of words that ask for the same thing in content requests (lexicon/synonyms.json, `related`):
 * a word of the intent that is not in an app's fields can still match through another word of its
 * group, at a lower weight. Words that name the very same thing ("an illustration" is an image,
 * `same_thing`) stand for each other nearly as fully as the word itself.
 */
const related = relations(lexicon.synonyms.related.sets);
const same = relations(lexicon.synonyms.same_thing.sets);

function relations(groups: string[][]): Map<string, Set<string>> {
  const out = new Map<string, Set<string>>();
  for (const group of groups) {
    const stems = group.map(stem);
    for (const s of stems) {
      const set = out.get(s) ?? new Set<string>();
      for (const other of stems) if (other !== s) set.add(other);
      out.set(s, set);
    }
  }
  return out;
}

/** Other stems that mean about the same as `term` (never the term itself). */
export function synonymsOf(term: string): string[] {
  return [...(related.get(term) ?? [])];
}

/** Whether two stems name the very same thing (`same_thing`), not merely a related one. */
export const namesSameThing = (a: string, b: string): boolean => same.get(a)?.has(b) ?? false;
