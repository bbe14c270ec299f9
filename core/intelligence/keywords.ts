import { lexicon } from '../language/lexicon';
import { isStopword, stem, words } from '../language/normalize';

/**
 * Words that say what form content takes or what it asks for, never what it is about: left out of
 * topic signals so that "post", "caption" or "link" never trend.
 */
const FORM_WORDS = new Set(lexicon.topicSignals.form_words.words);

export interface Keyword {
  /** The stem: what two keywords are compared by. */
  key: string;
  /** The word as written (lower case), for display. */
  word: string;
}

/**
 * The subject words of a text.
 * 1. Split with discovery's tokeniser (a hashtag's "#" falls away, so #oatmilk is the word oatmilk).
 * 2. Drop stop words, form words, numbers and words shorter than three letters.
 * 3. Key each word by its stem so "launches" and "launch" meet; keep the written word for display.
 * 4. Each key once per text, first occurrence kept: one run about "oat milk, oat latte" counts oat once.
 */
export function keywords(text: string): Keyword[] {
  const seen = new Set<string>();
  const out: Keyword[] = [];
  for (const word of words(text)) {
    if (
      word.length < 3 ||
      /^\d+$/.test(word) ||
      word.includes(':') ||
      isStopword(word) ||
      FORM_WORDS.has(word)
    )
      continue;
    const key = stem(word);
    if (seen.has(key)) continue;
    seen.add(key);
    out.push({ key, word });
  }
  return out;
}

/** The stems of a short phrase (a trend signal, a pattern), form words kept: "vertical video" -> [vertical, video]. */
export function phraseKeys(text: string): string[] {
  return [
    ...new Set(
      words(text)
        .filter((w) => !isStopword(w) && (w.length > 1 || /\d/.test(w)))
        .map(stem),
    ),
  ];
}
