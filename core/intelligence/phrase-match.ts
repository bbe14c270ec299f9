import { lexicon } from '../language/lexicon';
import { stem } from '../language/normalize';
import { synonymsOf } from '../discovery/synonyms';
import { phraseKeys } from './keywords';

/** Words that turn a phrase into a rule ("avoid discounts", "never mention competitors"): not its subject. */
const DIRECTIVES = new Set(lexicon.brandWords.directives.words.map(stem));

/** Share of a phrase's keys a text must contain. */
const MATCH_SHARE = 0.6;

/** The comparable keys of a text: its stems, form words included (a pattern may be "vertical video"). */
export const textKeys = (text: string): Set<string> => new Set(phraseKeys(text));

/**
 * Whether a short phrase (a pattern, a guardrail, a trend signal) is present in a text's keys.
 * 1. Stem the phrase and drop directive words; an empty phrase never matches.
 * 2. A key is present when it, or one of discovery's synonyms of it, is among the text's keys.
 * 3. The phrase matches when at least 60% of its keys (rounded up) are present: both words
 *    of a two-word phrase, two of three, three of four or five; returns those keys, else null.
 */
export function phraseMatch(keys: Set<string>, phrase: string): string[] | null {
  const wanted = phraseKeys(phrase).filter((k) => !DIRECTIVES.has(k));
  if (wanted.length === 0) return null;
  const present = wanted.filter((k) => keys.has(k) || synonymsOf(k).some((s) => keys.has(s)));
  return present.length >= Math.ceil(wanted.length * MATCH_SHARE) ? present : null;
}
