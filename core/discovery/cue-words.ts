import { lexicon } from '../language/lexicon';
import { OUT_OF_SCOPE_WORDS } from './out-of-scope';

/**
 * Words a brief uses to ask, whose misspellings should still be understood ("abuot", "pls make",
 * "secnds"), beyond the catalog's own words: request and politeness words, media words, field-role
 * cues and the out-of-scope operations. Only the typo corrector uses this list; it never scores.
 */
const REQUEST_WORDS = lexicon.typoVocabulary.request_words.words;

let vocabulary: string[] | null = null;

export function cueVocabulary(): string[] {
  vocabulary ??= [...new Set([...REQUEST_WORDS, ...OUT_OF_SCOPE_WORDS])];
  return vocabulary;
}
