import { lexicon } from './lexicon';
import { letterWords } from './letter-words';

/**
 * Where content goes and in what shape: platforms and aspect ratios. They constrain an app's
 * parameters (its aspect ratio, its shape) but are not evidence for one app over another, so
 * discovery reads them apart from the words that say what to make.
 */

/** Platforms in the contract's lower-case spelling, and the other names people use for them. */
export const PLATFORM_NAMES: Readonly<Record<string, string>> = lexicon.platforms.names.to_platform;

/** The usual shape of a platform's main placement, best first. */
export const PLATFORM_RATIOS: Readonly<Record<string, string[]>> = lexicon.platforms.ratios.by_platform;

export type Orientation = 'vertical' | 'horizontal' | 'square';

/** Orientations in words: an aspect ratio said without numbers ("vertical", "landscape"). */
export const ORIENTATION_WORDS = lexicon.orientations.orientations.to_orientation as Readonly<
  Record<string, Orientation>
>;

/** An aspect ratio as written: "9:16", "4 : 5", "16x9" is not one (it reads as a size). */
export const RATIO_PATTERN = /(?<![\d:])(\d{1,2})\s?:\s?(\d{1,2})(?![\d:]|\s?(?:am|pm)\b)/gi;

/** Orientations a text states in words ("vertical", "landscape"), in the order stated. */
export function orientationsIn(text: string): Orientation[] {
  return letterWords(text)
    .filter((w) => w in ORIENTATION_WORDS)
    .map((w) => ORIENTATION_WORDS[w]);
}

export function ratiosIn(text: string): string[] {
  return [...text.matchAll(RATIO_PATTERN)]
    .map((m) => `${Number(m[1])}:${Number(m[2])}`)
    .filter((r) => r !== '0:0');
}

/** The platform a word names ("insta" -> "instagram"), or null. "x" alone is too ambiguous to count. */
export const platformOf = (word: string): string | null => PLATFORM_NAMES[word.toLowerCase()] ?? null;

/** Platforms a text names, once each, in the order named ("x" only as "twitter" or "on/for X"). */
export function platformsIn(text: string): string[] {
  const found = new Set<string>();
  for (const w of letterWords(text)) {
    const p = platformOf(w);
    if (p) found.add(p);
  }
  if (/\b(?:on|for) x\b/i.test(text)) found.add('x');
  return [...found];
}
