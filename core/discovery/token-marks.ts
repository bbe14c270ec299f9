import type { ReadToken } from './read-token';
import { POSSESSIVES } from './topic-cues';

/** Surfaces of a platform: a placement after a platform name or "for/on/in (the)". */
export const SURFACES = new Set(['reel', 'reels', 'shorts', 'story', 'stories', 'feed', 'feeds', 'timeline']);
/** Words that put a piece on a platform or surface: "for Instagram", "on our feed", "across stories". */
export const PLACING: ReadonlySet<string> = new Set([
  'for',
  'on',
  'in',
  'to',
  'into',
  'onto',
  'across',
  'through',
]);
/** The people who follow an account: content "for our followers" goes on its feed. */
const FOLLOWING = new Set([
  'follower',
  'followers',
  'fan',
  'fans',
  'subscriber',
  'subscribers',
  'crowd',
  'audience',
]);
/** Words that point at something the caller has: "my photo", "this picture", "the video I filmed". */
export const OWNED: ReadonlySet<string> = new Set([
  'my',
  'our',
  'this',
  'these',
  'that',
  'your',
  'his',
  'her',
  'their',
  'existing',
  'current',
]);
const MEDIA_NOUNS = new Set([
  'poster',
  'photo',
  'picture',
  'image',
  'video',
  'footage',
  'recording',
  'clip',
  'song',
  'audio',
  'file',
  'logo',
  'foto',
  'pic',
]);

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
    const addressed = lead.some((p) => ['for', 'to', 'with'].includes(p.word) || p.lemma === 'let');
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
