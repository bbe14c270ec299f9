import { lexicon } from '../language/lexicon';
import { stem, words, isStopword } from '../language/normalize';

export type IntentMedium = 'image' | 'video' | 'audio' | 'text' | 'mixed';

/** How surely a cue word asks for its medium (text usually comes with a visual, so it weighs less). */
const WEIGHT: Record<Exclude<IntentMedium, 'mixed'>, number> = { video: 2, audio: 2, text: 1, image: 2 };

/** Words that ask for a medium, stemmed, with their medium's weight (lexicon/medium-cues.json). */
const CUES = Object.fromEntries(
  (Object.keys(WEIGHT) as Exclude<IntentMedium, 'mixed'>[]).map((medium) => [
    medium,
    weights(lexicon.mediumCues[medium].words, WEIGHT[medium]),
  ]),
) as Record<Exclude<IntentMedium, 'mixed'>, Record<string, number>>;

function weights(list: readonly string[], weight: number): Record<string, number> {
  return Object.fromEntries(list.map((w) => [stem(w), weight]));
}

export interface IntentReading {
  medium: IntentMedium;
  /** Cue weight found for each medium. */
  cues: Record<Exclude<IntentMedium, 'mixed'>, number>;
}

/**
 * The medium an intent asks for.
 * 1. Add up the cue words of each medium found in the intent.
 * 2. Image and video both asked for at once -> mixed; otherwise the visual or audio medium with the
 *    most weight wins, since text (a caption, a headline) usually comes with it.
 * 3. Only text cues -> text; no cues at all -> mixed (anything may fit).
 * Platforms are not cues: "a TikTok script" asks for text; placement is not medium.
 */
export function readIntent(intent: string): IntentReading {
  const stems = words(intent).map(stem);
  const cues = { image: 0, video: 0, audio: 0, text: 0 };
  for (const s of stems)
    for (const medium of Object.keys(CUES) as (keyof typeof CUES)[]) cues[medium] += CUES[medium][s] ?? 0;
  return { medium: mediumOf(cues), cues };
}

export function mediumOf(cues: IntentReading['cues']): IntentMedium {
  if (cues.video > 0 && cues.image > 0 && Math.abs(cues.video - cues.image) < 2) return 'mixed';
  const visual = (['video', 'image', 'audio'] as const)
    .filter((m) => cues[m] > 0)
    .sort((a, b) => cues[b] - cues[a]);
  if (visual.length > 0) return visual[0];
  return cues.text > 0 ? 'text' : 'mixed';
}

/** A one-line restatement: medium, platforms named, and the intent's subject words. */
export function summarizeIntent(intent: string, medium: IntentMedium, platforms: string[]): string {
  const subject = words(intent)
    .filter((w) => !isStopword(w) && w.length > 2)
    .slice(0, 8)
    .join(' ');
  const what = medium === 'mixed' ? 'content' : `${medium} content`;
  return `${what}${platforms.length > 0 ? ` for ${platforms.join(', ')}` : ''}${subject ? `: ${subject}` : ''}`;
}

const { intent_places: places } = lexicon.platforms;
const PLATFORMS = places.places;
const PLATFORM_ALIASES: Readonly<Record<string, string>> = places.aliases;

/** Platforms the intent names, in the contract's lower-case spelling ("x" only as "twitter" or "on/for x"). */
export function platformsIn(intent: string): string[] {
  const found = new Set<string>();
  for (const w of words(intent)) {
    const s = PLATFORM_ALIASES[w] ?? w;
    if (PLATFORMS.includes(s) || (s === 'x' && w !== 'x')) found.add(s);
  }
  if (/\b(on|for) x\b/i.test(intent)) found.add('x');
  return [...found];
}
