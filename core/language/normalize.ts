/**
 * Words as discovery compares them: lower case, split on anything that is not a letter or digit,
 * stop words dropped, and a light suffix-stripping stemmer so that "posts", "posting" and "post"
 * meet. Both the intent and the app fields go through the same functions.
 */

import { lexicon } from './lexicon';

const { comparison } = lexicon;
const STOPWORDS: ReadonlySet<string> = new Set(comparison.stopwords.words);

/** Words kept short on purpose: stemming would merge them with unrelated words. */
const STEM_EXCEPTIONS: ReadonlySet<string> = new Set(comparison.stem_exceptions.words);
const { stemming } = comparison;
/** A plural in -es after these drops "es" ("boxes" -> "box"). */
const ES_PLURAL = new RegExp(`(${stemming.es_plural_endings.join('|')})$`);
/** Doubled consonants that stay when -ing or -ed is stripped ("calling" -> "call"). */
const KEPT_DOUBLE = new RegExp(`(${stemming.kept_doubles.join('|')})$`);

export function stem(word: string): string {
  let w = word.toLowerCase().replace(/['’]s$/, '');
  if (w.length <= 3 || STEM_EXCEPTIONS.has(w) || /\d/.test(w)) return w;
  if (w.endsWith('ies') && w.length > 4) w = `${w.slice(0, -3)}y`;
  else if (ES_PLURAL.test(w)) w = w.slice(0, -2);
  else if (w.endsWith('s') && !w.endsWith('ss') && !w.endsWith('us') && !w.endsWith('is')) w = w.slice(0, -1);
  if (w.length > 5 && w.endsWith('ing')) w = undouble(w.slice(0, -3));
  else if (w.length > 5 && w.endsWith('ed') && !w.endsWith('eed')) w = undouble(w.slice(0, -2));
  else if (w.length > 6 && w.endsWith('ly')) w = w.slice(0, -2);
  if (w.length > 4 && w.endsWith('e')) w = w.slice(0, -1);
  return w;
}

/** "shopping" -> "shopp" -> "shop"; "editing" -> "edit" stays. */
function undouble(w: string): string {
  return /([b-df-hj-np-tv-z])\1$/.test(w) && !KEPT_DOUBLE.test(w) ? w.slice(0, -1) : w;
}

/** Raw word tokens, lower case; keeps aspect ratios ("9:16") and file extensions ("mp4") whole. */
export function words(text: string): string[] {
  return text.toLowerCase().match(/\d+:\d+|[\p{L}\p{N}]+(?:['’][\p{L}]+)?/gu) ?? [];
}

export const isStopword = (word: string) => STOPWORDS.has(word);

/** Content words of a text, stemmed, in order (duplicates kept). */
export function terms(text: string): string[] {
  return words(text)
    .filter((w) => !STOPWORDS.has(w) && (w.length > 1 || /\d/.test(w)))
    .map(stem);
}
