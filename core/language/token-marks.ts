import type { ReadToken } from './read-token';
import { lexicon } from './lexicon';

const { ownership, platforms, mediaKinds } = lexicon;

/** Surfaces of a platform: a placement after a platform name or "for/on/in (the)". */
export const SURFACES: ReadonlySet<string> = new Set(platforms.surfaces.words);
/** Words that put a piece on a platform or surface: "for Instagram", "on our feed", "across stories". */
export const PLACING: ReadonlySet<string> = new Set(lexicon.placing.prepositions.words);
/** The people who follow an account: content "for our followers" goes on its feed. */
const FOLLOWING: ReadonlySet<string> = new Set(platforms.following.words);
/** Possessive determiners: "on [our] Facebook". */
const POSSESSIVES: ReadonlySet<string> = new Set(ownership.possessives.words);
/** Words that point at something the caller has: "my photo", "this picture", "the video I filmed". */
export const OWNED: ReadonlySet<string> = new Set([
  ...ownership.possessives.words,
  ...ownership.pointing.words,
  ...ownership.pointing_more.words,
]);
const MEDIA_NOUNS: ReadonlySet<string> = new Set(mediaKinds.media_nouns.words);
/** Words before a following that address it: "for our followers", "to our fans", "with the crowd". */
const ADDRESSING: ReadonlySet<string> = new Set(lexicon.placing.addressing.words);

export function markPlacementsAndInputs(tokens: ReadToken[]): void {
  tokens.forEach((t, i) => {
    const before = tokens.slice(Math.max(0, i - 2), i).filter((p) => p.type === 'word');
    const prev = before[before.length - 1];
    if (
      SURFACES.has(t.word) &&
      prev &&
      (prev.platform ||
        PLACING.has(prev.word) ||
        (prev.pos === 'DET' && PLACING.has(before[0]?.word ?? '')) ||
        // "TikTok and Reels", "Instagram or Stories"
        (prev.pos === 'CCONJ' && (before[0]?.platform || before[0]?.placement)))
    )
      t.placement = true;
    // "Reels", "Shorts", "Stories" written with a capital name the platform's surface.
    if (SURFACES.has(t.word) && /^[A-Z]/.test(t.text) && /s$/.test(t.word) && i > 0) t.placement = true;
    const lead = tokens.slice(Math.max(0, i - 3), i).filter((p) => p.type === 'word');
    // "for our followers", "to our fans", "let the Instagram crowd know".
    const addressed = lead.some((p) => ADDRESSING.has(p.word) || p.lemma === 'let');
    if (FOLLOWING.has(t.word) && addressed) t.placement = true;
    const next = tokens.slice(i + 1, i + 4);
    // "my photo", "this picture", or a media word followed by its link ("a static image (https://...)").
    if (
      MEDIA_NOUNS.has(t.lemma) &&
      (before.some((p) => OWNED.has(p.word)) || next.some((n) => n.zone === 'url'))
    )
      t.input = true;
  });
}

/** Words between a placing word and its platform: "on [our] Facebook", "for [the school's] Instagram". */
const owner = (t: ReadToken) =>
  POSSESSIVES.has(t.lower) || t.pos === 'DET' || t.text === "'s" || t.pos === 'PROPN';

/** "put up on our Facebook and Instagram", "for the school's Instagram": a platform the piece goes on. */
export function placedOnPlatform(tokens: ReadToken[]): boolean {
  return tokens.some((t, i) => {
    if (!t.platform) return false;
    let j = i - 1;
    while (j >= 0 && owner(tokens[j])) j--;
    return j >= 0 && PLACING.has(tokens[j].lower);
  });
}

const DECLINING_SUFFIXES: ReadonlySet<string> = new Set(lexicon.lookWords.declining_suffixes.words);
const LOOK_SUFFIXES: ReadonlySet<string> = new Set(lexicon.lookWords.look_suffixes.words);
const LOOK_NOUNS: ReadonlySet<string> = new Set(lexicon.lookWords.look_nouns.words);

/**
 * Hyphenated descriptions: "caption-free", "text-less" decline the word, as "no caption" does;
 * "photo-realistic", "poster-like", "photo style" describe a look: the word is not the thing asked for.
 */
export function markSuffixNegation(tokens: ReadToken[]): void {
  tokens.forEach((t, i) => {
    const suffix = tokens[i + 2];
    if (tokens[i + 1]?.text !== '-' || tokens[i + 1].start !== t.end || !suffix) return;
    if (DECLINING_SUFFIXES.has(suffix.lower)) t.negated = true;
    if (LOOK_SUFFIXES.has(suffix.lower)) t.modifier = true;
  });
  // "realistic photo style", "cinematic film look": a word before "style" or "look" names the look.
  tokens.forEach((t, i) => {
    const next = tokens[i + 1];
    if (t.type === 'word' && next && LOOK_NOUNS.has(next.lower) && t.pos === 'NOUN') t.modifier = true;
  });
}
