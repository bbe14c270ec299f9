import type { BriefSpans } from './spans';
import type { Token } from './nlp';
import { ORIENTATION_WORDS, platformOf, RATIO_PATTERN } from './placement';
import { stem } from './normalize';
import type { StructuredBrief } from './structured-brief';
import { correctWord } from './typos';

/**
 * Where a word of the brief stands, which says how much it tells about the app to use:
 * - ask: the request itself ("an Instagram carousel with tips");
 * - label: a leading noun phrase before a colon ("Vertical video ad: ...");
 * - key: the key of a field ("Call to action:", `cta=`);
 * - aside: in parentheses;
 * - context: a clause that states the situation rather than asks ("Our bakery won Best Croissant");
 * - topic: what the content is about ("about our spring sale");
 * - content: the values the brief carries (after a colon, a field's value, list items);
 * - quote and url: quoted copy and links, never evidence.
 */
export type Zone = 'ask' | 'label' | 'key' | 'aside' | 'context' | 'topic' | 'content' | 'quote' | 'url';

/** The zones that hold the request itself: what to make, as the brief asks it. */
export const REQUEST_ZONES: ReadonlySet<Zone> = new Set(['ask', 'label', 'aside'] as const);

export interface ReadToken extends Token {
  zone: Zone;
  /** The word as understood: lower case, its spelling corrected against the vocabulary. */
  word: string;
  /** The corrected word's stemmed lemma, the form the catalog is indexed by. */
  term: string;
  corrected: boolean;
  /** The platform the word names ("insta" -> "instagram"): a constraint, not evidence. */
  platform: string | null;
  /** Part of an aspect ratio ("9:16"): a constraint, not evidence. */
  ratio: boolean;
  /** A placement rather than a thing to make: "reels" in "for Instagram Reels", "the feed" in "for the feed". */
  placement: boolean;
  /** Media the caller already has, not what to make: "photo" in "the product in this photo", "my video". */
  input: boolean;
  /** A topic cue ("about", "announcing"): the words after it are what the content is about. */
  cue: boolean;
  /** Describes a look, not a thing to make ("photo" in "photo-realistic"). */
  modifier?: boolean;
  /**
   * In a clause that states something about the sender ("I'm an HR generalist at a warehouse company"):
   * what the content is about comes from elsewhere in the brief when it says it elsewhere.
   */
  sender?: boolean;
}

export interface BriefReading {
  brief: string;
  structured: StructuredBrief | null;
  spans: BriefSpans;
  tokens: ReadToken[];
  ratios: string[];
  platforms: string[];
}

/** The term a catalog or brief word is matched by: the stemmed lemma. */
export const termOf = (lemma: string) => stem(lemma);

/**
 * Tokens as a brief reader reads them: each in the zone `zoneOf` gives it, unknown words corrected
 * toward `vocabulary`, platforms and ratios (orientations too) marked as constraints.
 */
export function readTokens(
  tokens: Token[],
  zoneOf: (t: Token) => Zone,
  vocabulary: ReadonlySet<string>,
): ReadToken[] {
  return tokens.map((t) => {
    const isWord = t.type === 'word';
    const typo = isWord && !t.known ? correctWord(t.lower, vocabulary) : null;
    // A capitalised word is a name unless the fix keeps its first letter ("Instagarm"): "Leeds" is no "feeds".
    const fix = typo && /^\p{Lu}/u.test(t.text) && typo[0] !== t.lower[0] ? null : typo;
    const word = fix ?? t.lower;
    const lemma = fix ?? t.lemma;
    // An orientation ("vertical", "square") is an aspect ratio in words: a constraint too.
    const ratio =
      (t.type === 'number' && new RegExp(RATIO_PATTERN.source, 'i').test(t.text)) ||
      word in ORIENTATION_WORDS;
    return {
      ...t,
      zone: zoneOf(t),
      word,
      term: isWord ? termOf(lemma) : word,
      corrected: fix !== null,
      platform: isWord ? platformOf(word) : null,
      ratio,
      placement: false,
      input: false,
      cue: false,
    };
  });
}
