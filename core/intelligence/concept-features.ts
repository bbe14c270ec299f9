import { lexicon } from '../language/lexicon';
import { phrases } from '../language/phrases';
import { factor, type Factor } from './factor';
import { isKnownPlatform, type KnownPlatform } from './platforms';

interface PlatformNorms {
  /** Words a concept of this platform reads best at. */
  words: [number, number];
  hashtags: [number, number];
  emojiMax: number;
  /** Whether a few emoji help (casual feeds) or are merely tolerated. */
  emojiHelps: boolean;
  cta: string;
}

const NORMS: Record<KnownPlatform, PlatformNorms> = {
  tiktok: {
    words: [5, 40],
    hashtags: [1, 5],
    emojiMax: 6,
    emojiHelps: true,
    cta: '"follow for part 2" or "comment your pick"',
  },
  instagram: {
    words: [8, 60],
    hashtags: [1, 8],
    emojiMax: 6,
    emojiHelps: true,
    cta: '"save this" or "link in bio"',
  },
  linkedin: {
    words: [20, 200],
    hashtags: [0, 3],
    emojiMax: 2,
    emojiHelps: false,
    cta: '"share your experience in the comments"',
  },
  facebook: {
    words: [8, 80],
    hashtags: [0, 3],
    emojiMax: 5,
    emojiHelps: false,
    cta: '"comment" or "share with a friend"',
  },
  x: { words: [5, 50], hashtags: [0, 2], emojiMax: 3, emojiHelps: false, cta: '"reply" or "repost"' },
  youtube: { words: [8, 80], hashtags: [0, 3], emojiMax: 3, emojiHelps: false, cta: '"subscribe"' },
  pinterest: { words: [5, 40], hashtags: [0, 5], emojiMax: 3, emojiHelps: false, cta: '"save this pin"' },
};
const DEFAULT_NORMS: PlatformNorms = {
  words: [8, 80],
  hashtags: [0, 5],
  emojiMax: 4,
  emojiHelps: false,
  cta: 'one clear next step',
};

/** The opening that has to stop the scroll. */
export const HOOK_WORDS = 8;
const HOOK_CUES = new Set(lexicon.captionCues.hooks.words);
const CTA = new RegExp(`\\b(${phrases(lexicon.captionCues.calls_to_action.phrases)})\\b`, 'i');

export const POINTS = {
  hook: 8,
  noHook: -6,
  question: 3,
  numbers: 4,
  cta: 6,
  noCta: -4,
  length: 5,
  tooShort: -5,
  tooLong: -6,
  hashtags: 3,
  tooManyHashtags: -4,
  emoji: 2,
  tooManyEmoji: -3,
} as const;

/**
 * What the words of a concept do for it on a platform, one factor per feature.
 * 1. hook: a cue word ("you", "how", "stop" ...), a number, "?" or "!" within the first HOOK_WORDS words.
 * 2. question: a question anywhere invites replies. 3. numbers: a figure makes the promise concrete.
 * 4. call_to_action: one of the usual asks (save, comment, shop, link in bio ...); its absence is a risk.
 * 5. length: the word count against the platform's range (LinkedIn reads long, TikTok short).
 * 6. hashtags and emoji: counted against the platform's norms; too many is a risk, none where they help is a suggestion.
 */
export function conceptFeatures(concept: string, platform: string): Factor[] {
  const norms = isKnownPlatform(platform) ? NORMS[platform] : DEFAULT_NORMS;
  const tokens = concept.split(/\s+/).filter((w) => /[\p{L}\p{N}]/u.test(w));
  const opening = tokens.slice(0, HOOK_WORDS);
  const factors: Factor[] = [];

  const cue = opening
    .map((w) => w.toLowerCase().replace(/[^\p{L}\p{N}?!]/gu, ''))
    .find((w) => HOOK_CUES.has(w.replace(/[?!]/g, '')) || /\d/.test(w) || /[?!]/.test(w));
  factors.push(
    cue
      ? factor(
          'hook',
          POINTS.hook,
          `opens with "${cue.replace(/[?!]/g, '') || cue}" within the first ${HOOK_WORDS} words`,
        )
      : factor(
          'hook',
          POINTS.noHook,
          `nothing in the first ${HOOK_WORDS} words stops the scroll`,
          `open with a question, a number or a direct "you" in the first ${HOOK_WORDS} words`,
        ),
  );
  if (concept.includes('?'))
    factors.push(factor('question', POINTS.question, 'asks a question, which invites replies'));
  if (/\d/.test(concept))
    factors.push(factor('numbers', POINTS.numbers, 'a specific number makes the promise concrete'));

  const cta = CTA.exec(concept);
  factors.push(
    cta
      ? factor('call_to_action', POINTS.cta, `asks for an action ("${cta[1].toLowerCase()}")`)
      : factor(
          'call_to_action',
          POINTS.noCta,
          'no call to action',
          `end with one clear ask, e.g. ${norms.cta}`,
        ),
  );

  const [min, max] = norms.words;
  const n = tokens.length;
  const where = isKnownPlatform(platform) ? platform : 'most platforms';
  if (n < min)
    factors.push(
      factor(
        'length',
        POINTS.tooShort,
        `${n} words is thin for ${where} (${min}-${max} read best)`,
        `add detail to reach ${min}-${max} words`,
      ),
    );
  else if (n > max)
    factors.push(
      factor(
        'length',
        POINTS.tooLong,
        `${n} words is long for ${where} (${min}-${max} read best)`,
        `cut to at most ${max} words`,
      ),
    );
  else factors.push(factor('length', POINTS.length, `${n} words fits ${where} (${min}-${max})`));

  const hashtags = (concept.match(/#[\p{L}\p{N}_]+/gu) ?? []).length;
  const [hMin, hMax] = norms.hashtags;
  if (hashtags > hMax)
    factors.push(
      factor(
        'hashtags',
        POINTS.tooManyHashtags,
        `${hashtags} hashtags is more than ${where} rewards (at most ${hMax})`,
        `keep ${hMin > 0 ? `${hMin}-` : 'at most '}${hMax}`,
      ),
    );
  else if (hashtags >= hMin && hMin > 0)
    factors.push(
      factor(
        'hashtags',
        POINTS.hashtags,
        `${hashtags} hashtag${hashtags === 1 ? '' : 's'} help discovery on ${where}`,
      ),
    );
  else if (hashtags < hMin)
    factors.push(
      factor('hashtags', 0, null, `add ${hMin}-${hMax} specific hashtags for discovery on ${where}`),
    );

  const emoji = (concept.match(/\p{Extended_Pictographic}/gu) ?? []).length;
  if (emoji > norms.emojiMax)
    factors.push(
      factor(
        'emoji',
        POINTS.tooManyEmoji,
        `${emoji} emoji reads as noise on ${where} (at most ${norms.emojiMax})`,
        `keep at most ${norms.emojiMax}`,
      ),
    );
  else if (emoji > 0 && norms.emojiHelps)
    factors.push(
      factor('emoji', POINTS.emoji, `${emoji} emoji ${emoji === 1 ? 'suits' : 'suit'} the tone of ${where}`),
    );
  return factors;
}
